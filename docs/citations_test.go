package docs_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// citationRE matches a page of docs/ that Go source cites, with the
// section after #: docs/checks/appendertx.md#not-reported.
var citationRE = regexp.MustCompile(`\bdocs/[a-z0-9_/-]+\.md(?:#[a-z0-9_-]+)?`)

// TestCodeCitationsResolve: a comment or message in Go source that points
// to a page of docs/ (docs/measurements.md#temp-staging-tables, a check's
// rule in docs/checks/NAME.md#not-reported) names a page and a section
// that exist. Code cites the one description of a rule or a figure
// rather than restating it; a renamed heading left such citations
// pointing nowhere.
func TestCodeCitationsResolve(t *testing.T) {
	n := 0
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") && p != ".." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, c := range citationRE.FindAllString(string(src), -1) {
			n++
			file, anchor, _ := strings.Cut(c, "#")
			b, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(file)))
			if err != nil {
				t.Errorf("%s cites %s: no %s", p, c, file)
				continue
			}
			if anchor != "" && !slices.Contains(anchors(string(b)), anchor) {
				t.Errorf("%s cites %s: %s has no heading #%s", p, c, file, anchor)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Fatalf("found %d citations of docs/ in Go source", n)
	}
}
