package corpus_test

import (
	"strings"
	"testing"
)

// TestCompare checks that the pin catches a snippet moving either way: a
// pin that no result can break would make TestCorpus a test that cannot fail.
func TestCompare(t *testing.T) {
	names := []string{"a/right", "a/wrong", "b/fixed", "b/broken", "c/changed"}
	pinned := map[string]string{
		"a/wrong":   "missed pagesize a/wrong/x.go:3",
		"b/fixed":   "missed offsetwalk b/fixed/x.go:9",
		"c/changed": "missed pagesize c/changed/x.go:3",
		"d/gone":    "false pagesize d/gone/x.go:1",
	}
	now := map[string]string{
		"a/wrong":   "missed pagesize a/wrong/x.go:3",
		"b/broken":  "false pagesize b/broken/x.go:5; -fix rewrites b/broken/x.go",
		"c/changed": "missed pagesize c/changed/x.go:3; false commitsize c/changed/x.go:8",
	}
	got := compare(pinned, now, names)
	want := []string{
		"b/fixed is right now but pinned",
		"b/broken is wrong and not pinned",
		"c/changed is wrong differently",
		"d/gone is pinned but no such snippet exists",
	}
	if len(got) != len(want) {
		t.Fatalf("compare returned %d messages, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || strings.HasPrefix(g, w)
		}
		if !found {
			t.Errorf("no message starting %q in:\n%s", w, strings.Join(got, "\n"))
		}
	}
	if msgs := compare(now, now, names); len(msgs) != 0 {
		t.Errorf("a pin equal to the results reports %q", msgs)
	}
}
