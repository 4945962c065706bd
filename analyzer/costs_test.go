package analyzer_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEveryCostPinned: each check says what a finding costs in words it
// picks from named constants (cost100, costCopy50000, ...), one per size
// or version measured. Every one of them must stand whole in a fixture's
// want, so that a branch that picks the wrong figure, or none, fails a
// test: 17 of them were pinned by no fixture.
func TestEveryCostPinned(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	checks, err := filepath.Glob(filepath.Join(root, "passes", "*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	// The fixtures' text, regexp escapes dropped: a want of
	// `\(2\.8x the CPU` holds "(2.8x the CPU".
	var fixtures strings.Builder
	err = filepath.WalkDir(filepath.Join(root, "passes"), func(path string, d os.DirEntry, err error) error {
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
	n := 0
	for _, path := range checks {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if !strings.HasPrefix(name.Name, "cost") || i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					words, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					n++
					if !strings.Contains(all, words) {
						rel, _ := filepath.Rel(root, path)
						t.Errorf("%s: %s = %q is in no fixture's want", rel, name.Name, words)
					}
				}
			}
		}
	}
	if n < 20 {
		t.Fatalf("found %d cost constants: the test no longer finds them", n)
	}
}
