package config_test

import (
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/analyzer/config"
)

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		change func(*config.Config)
		err    string
	}{
		{func(*config.Config) {}, ""},
		{func(c *config.Config) { c.RowGroup = 204_800 }, ""},
		{func(c *config.Config) { c.RowGroup = 250_000 }, "row group size 250000: must be a positive multiple of DuckDB's vector size 2048"},
		{func(c *config.Config) { c.RowGroup = 0 }, "row group size 0"},
		{func(c *config.Config) { c.Min = -1 }, "min size -1"},
		{func(c *config.Config) { c.Scope = "some" }, `scope "some": must be "auto" or "all"`},
		{func(c *config.Config) { c.Wrappers = []string{"example.com/db"} }, ""},
		{func(c *config.Config) { c.Wrappers = []string{"a/db b/db"} }, `wrappers: "a/db b/db" is not an import path`},
	} {
		c := config.Default()
		tc.change(c)
		err := c.Validate()
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%+v: Validate() = %v, want %q", c, err, tc.err)
		}
	}
}

func TestFlags(t *testing.T) {
	c := config.Default()
	fs := flag.NewFlagSet("rowalign", flag.ContinueOnError)
	c.RegisterFlags(fs)
	if err := fs.Parse([]string{"-rowgroup=204800", "-min=1", "-scope=all", "-wrappers=a/db, b/db,,"}); err != nil {
		t.Fatal(err)
	}
	if c.RowGroup != 204_800 || c.Min != 1 || !c.All() || !slices.Equal(c.Wrappers, []string{"a/db", "b/db"}) {
		t.Errorf("flags gave %+v", c)
	}
	if got := fs.Lookup("wrappers").Value.String(); got != "a/db,b/db" {
		t.Errorf("-wrappers prints %q", got)
	}
}
