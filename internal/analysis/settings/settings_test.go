package settings_test

import (
	"flag"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/internal/analysis/settings"
)

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		change func(*settings.Settings)
		err    string
	}{
		{func(*settings.Settings) {}, ""},
		{func(s *settings.Settings) { s.RowGroup = 204_800 }, ""},
		{func(s *settings.Settings) { s.RowGroup = 250_000 }, "row group size 250000: must be a positive multiple of DuckDB's vector size 2048"},
		{func(s *settings.Settings) { s.RowGroup = 0 }, "row group size 0"},
		{func(s *settings.Settings) { s.Min = -1 }, "min size -1"},
		{func(s *settings.Settings) { s.Scope = "some" }, `scope "some": must be "auto" or "all"`},
		{func(s *settings.Settings) { s.Wrappers = []string{"example.com/db"} }, ""},
		{func(s *settings.Settings) { s.Wrappers = []string{"a/db b/db"} }, `wrappers: "a/db b/db" is not an import path`},
		{func(s *settings.Settings) { s.Checks = []string{"all", "-appendertx"} }, ""},
		{func(s *settings.Settings) { s.Checks = []string{"pagesise"} }, `checks: no check named "pagesise": did you mean pagesize?`},
		{func(s *settings.Settings) { s.Checks = []string{"all", "-comitsize"} }, `checks: no check named "comitsize": did you mean commitsize?`},
		{func(s *settings.Settings) { s.Checks = []string{"nosuch"} }, `checks: no check named "nosuch" (checks: `},
		{func(s *settings.Settings) { s.Checks = nil }, "checks: the list is empty"},
		{func(s *settings.Settings) { s.Checks = []string{"-offsetwalk"} }, ""},
		{func(s *settings.Settings) { s.Checks = []string{"all", "-all"} }, `checks: "all,-all" selects no check`},
		{func(s *settings.Settings) { s.Checks = []string{"pagesize", "-pagesize"} }, "selects no check"},
	} {
		s := settings.Default()
		tc.change(&s)
		err := s.Validate()
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%+v: Validate() = %v, want %q", s, err, tc.err)
		}
	}
}

func TestFlags(t *testing.T) {
	s := settings.Default()
	fs := flag.NewFlagSet("rowalign", flag.ContinueOnError)
	s.RegisterFlags(fs)
	if err := fs.Parse([]string{"-rowgroup=204800", "-min=1", "-scope=all", "-wrappers=a/db, b/db,,", "-checks=all,-appendertx", "-tests"}); err != nil {
		t.Fatal(err)
	}
	if s.RowGroup != 204_800 || s.Min != 1 || !s.All() || !s.Tests || !slices.Equal(s.Wrappers, []string{"a/db", "b/db"}) {
		t.Errorf("flags gave %+v", s)
	}
	if got := fs.Lookup("wrappers").Value.String(); got != "a/db,b/db" {
		t.Errorf("-wrappers prints %q", got)
	}
	if s.Enabled(settings.AppenderTx) || !s.Enabled(settings.PageSize) {
		t.Errorf("-checks=all,-appendertx gave %v", s.Checks)
	}
}

// TestFlagErrors: a bad value fails in Set, as a usage error at start-up,
// and leaves the setting as it was.
func TestFlagErrors(t *testing.T) {
	for _, tc := range []struct{ arg, err string }{
		{"-rowgroup=250000", "must be a positive multiple of DuckDB's vector size 2048"},
		{"-rowgroup=x", "invalid value"},
		{"-min=-1", "min size -1"},
		{"-scope=everything", `scope "everything"`},
		{"-wrappers=a/db b/db", "is not an import path"},
		{"-checks=all,-nosuch", `no check named "nosuch"`},
		{"-checks=", "the list is empty"},
		{"-checks=-all", "selects no check"},
	} {
		s := settings.Default()
		fs := flag.NewFlagSet("rowalign", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		s.RegisterFlags(fs)
		err := fs.Parse([]string{tc.arg})
		if err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), "invalid value") {
			t.Errorf("%s: error %v, want one containing %q", tc.arg, err, tc.err)
		}
		def := settings.Default()
		if s.RowGroup != def.RowGroup || s.Min != def.Min || s.Scope != def.Scope || s.Wrappers != nil || !slices.Equal(s.Checks, def.Checks) {
			t.Errorf("%s: a rejected value changed the settings: %+v", tc.arg, s)
		}
	}
}

func TestEnabled(t *testing.T) {
	for _, tc := range []struct {
		list []string
		want []string
	}{
		{[]string{"all"}, settings.CheckNames},
		{[]string{"all", "-appendertx"}, []string{"pagesize", "commitsize", "offsetwalk", "rowbyrow", "attachsize", "directive"}},
		{[]string{"pagesize", "commitsize"}, []string{"pagesize", "commitsize"}},
		{[]string{"-pagesize", "pagesize"}, settings.CheckNames},
		// A list that starts with a removal starts from every check, as
		// staticcheck's does: what a user writes to silence one check.
		{[]string{"-offsetwalk"}, []string{"pagesize", "commitsize", "appendertx", "rowbyrow", "attachsize", "directive"}},
		{[]string{"-offsetwalk", "-appendertx"}, []string{"pagesize", "commitsize", "rowbyrow", "attachsize", "directive"}},
		{[]string{"-all", "pagesize"}, []string{"pagesize"}},
		{nil, nil},
	} {
		s := settings.Default()
		s.Checks = tc.list
		var got []string
		for _, n := range settings.CheckNames {
			if s.Enabled(n) {
				got = append(got, n)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("-checks=%s enables %v, want %v", strings.Join(tc.list, ","), got, tc.want)
		}
	}
}
