package docs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryCostPinned: each check says what a finding costs in words it
// picks from named constants (cost100, costCopy50000, ...), one per size
// or version measured. Every one must stand whole in a fixture's want,
// so that a branch that picks the wrong figure, or none, fails a test:
// 17 of 38 were pinned by no fixture.
func TestEveryCostPinned(t *testing.T) {
	// The fixtures' text, regexp escapes dropped: a want of
	// `\(2\.8x the CPU` holds "(2.8x the CPU".
	var fixtures strings.Builder
	err := filepath.WalkDir("../passes", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.Contains(path, "/testdata/") || !strings.HasSuffix(path, ".go") {
			return err
		}
		b, err := os.ReadFile(path)
		fixtures.WriteString(strings.ReplaceAll(string(b), `\`, ""))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	all := fixtures.String()
	consts := costConstants(t)
	if len(consts) < 20 {
		t.Fatalf("found %d cost constants: the test no longer finds them", len(consts))
	}
	for _, c := range consts {
		if !strings.Contains(all, c.words) {
			t.Errorf("%s: %s = %q is in no fixture's want", c.file, c.name, c.words)
		}
	}
}
