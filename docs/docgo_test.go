package docs_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/docs"
)

// TestDocGoGenerated: each check's package doc, passes/NAME/doc.go (go
// doc, rowalign help NAME, the Analyzer's Doc), is generated from its page,
// docs/checks/NAME.md, and not edited by hand: the page is the one
// description of what the check reports, what it does not and why, and
// what its fix does.
func TestDocGoGenerated(t *testing.T) {
	for _, c := range analyzer.Checks() {
		want, ok := docs.DocGo(c.Name)
		if !ok {
			t.Errorf("%s: no page", c.Name)
			continue
		}
		file := filepath.Join("..", "passes", c.Name, "doc.go")
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("passes/%s/doc.go is not what docs/checks/%s.md generates: edit the page, then run go generate ./docs", c.Name, c.Name)
		}
	}
}
