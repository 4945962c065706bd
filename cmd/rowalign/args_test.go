package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/internal/analysis/settings"
)

// TestBadFlagValue: a flag value rowalign rejects is one line on stderr,
// naming the flag, the value and what is allowed, and pointing to -h;
// exit status 2. It printed a raw strconv.Atoi error and 60 lines of
// usage before (issue 18).
func TestBadFlagValue(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-rowgroup=abc", "./..."}, `invalid value "abc" for flag -rowgroup: `},
		{[]string{"-rowgroup", "abc", "./..."}, `invalid value "abc" for flag -rowgroup: `},
		{[]string{"-rowgroup=250000", "./..."}, `invalid value "250000" for flag -rowgroup: row group size 250000: must be a positive multiple`},
		{[]string{"-min=x", "./..."}, `invalid value "x" for flag -min: `},
		{[]string{"--scope=some", "./..."}, `invalid value "some" for flag -scope: scope "some": must be "auto" or "all"`},
		{[]string{"-checks=-all", "./..."}, `selects no check`},
		{[]string{"-checks=pagesise", "./..."}, `no check named "pagesise"`},
		{[]string{"./...", "-min=x"}, `for flag -min`},
		{[]string{"-explain", "-rowgroup=abc"}, `for flag -rowgroup`},
		{[]string{"-rowgroup"}, `flag -rowgroup needs a value`},
		// A misspelt flag: singlechecker printed its 60 lines of usage.
		{[]string{"-chekcs=pagesize", "./..."}, `unknown flag -chekcs: did you mean -checks?`},
		{[]string{"-fxi", "./..."}, `unknown flag -fxi: did you mean -fix?`},
		{[]string{"--jsno", "./..."}, `unknown flag -jsno: did you mean -json?`},
		{[]string{"./...", "-rowgruop=245760"}, `unknown flag -rowgruop: did you mean -rowgroup?`},
		{[]string{"-x", "./..."}, `unknown flag -x; run`},
		{[]string{"-verbose", "./..."}, `unknown flag -verbose; run`},
		// No package: singlechecker's whole usage, exit status 1.
		{nil, `no packages to check: rowalign ./... checks`},
		{[]string{"-json", "-c", "3"}, `no packages to check`},
	} {
		stdout, stderr, code := run(t, tc.args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 ||
			!strings.HasPrefix(stderr, "rowalign: ") || !strings.Contains(stderr, tc.want) || !strings.HasSuffix(stderr, "; run rowalign -h\n") {
			t.Errorf("rowalign %s: exit %d, stderr:\n%s\nwant exit 2 and one line containing %q", strings.Join(tc.args, " "), code, stderr, tc.want)
		}
	}
}

func TestBadIntMessage(t *testing.T) {
	_, stderr, _ := run(t, "-rowgroup=abc", "./...")
	if strings.Contains(stderr, "strconv") || !strings.Contains(stderr, "2048") {
		t.Errorf("-rowgroup=abc: %q; want what is allowed (a multiple of 2048), not strconv's error", stderr)
	}
}

// TestDriverFlags: the flags the binary defines besides the analyzer's,
// as -flags lists them for go vet, are the ones checkArgs knows, with the
// same kind (a value or not), and are still accepted: a flag missing
// from driverFlagNames would be rejected as unknown. -c takes its value
// as the next argument, even a negative one.
func TestDriverFlags(t *testing.T) {
	stdout, stderr, code := run(t, "-flags")
	var flags []struct {
		Name string
		Bool bool
	}
	if err := json.Unmarshal([]byte(stdout), &flags); code != 0 || err != nil {
		t.Fatalf("rowalign -flags: exit %d, %v\n%s", code, err, stderr)
	}
	a := analyzer.New(analyzer.Default())
	for _, f := range flags {
		if a.Flags.Lookup(f.Name) != nil || strings.HasPrefix(f.Name, "test.") { // the test binary's own
			continue
		}
		takesValue, ok := driverFlagNames[f.Name]
		if !ok || takesValue == f.Bool {
			t.Errorf("-flags lists -%s (bool %v); driverFlagNames has %v, %v", f.Name, f.Bool, takesValue, ok)
		}
	}
	for _, args := range [][]string{{"-c", "-1", "-x"}, {"-V=full", "-tags", "x", "-x"}, {"-test=false", "-json", "-x"}} {
		err := checkArgs(a, args)
		if err == nil || !strings.Contains(err.Error(), "unknown flag -x;") {
			t.Errorf("checkArgs(%q) = %v, want only -x unknown", args, err)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"checks", "checks", 0}, {"chekcs", "checks", 1}, {"fxi", "fix", 1},
		{"chcks", "checks", 1}, {"rowgroups", "rowgroup", 1}, {"x", "c", 1}, {"scope", "wrappers", 6},
	} {
		if got := settings.EditDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
