package docs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/docs"
)

// maxPageLines bounds a check's page: what is found, why it costs, what
// the fix does and how to silence it fit a screen or two; the rest goes to
// docs/reference/NAME.md. offsetwalk's page had grown to 442 lines, its
// Fix section alone about 260.
const maxPageLines = 160

func TestPagesFitAScreenOrTwo(t *testing.T) {
	for _, name := range docs.Checks() {
		page, _ := docs.Check(name)
		if n := strings.Count(page, "\n"); n > maxPageLines {
			t.Errorf("docs/checks/%s.md has %d lines, more than %d: move the detail to docs/reference/%s.md", name, n, maxPageLines, name)
		}
		// A page with a reference links to it.
		ref := filepath.Join("reference", name+".md")
		if _, err := os.Stat(ref); err == nil && !strings.Contains(page, "(../reference/"+name+".md") {
			t.Errorf("docs/checks/%s.md does not link to its reference, docs/reference/%s.md", name, name)
		}
	}
}
