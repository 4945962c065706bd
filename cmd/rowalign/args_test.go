package main

import (
	"strings"
	"testing"
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
