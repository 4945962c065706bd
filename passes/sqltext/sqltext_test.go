package sqltext_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/passes/sqltext"
)

// Test checks the reconstructed text of every query call against the
// "// sql: ..." comment on its line.
func Test(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), sqltext.Analyzer, "example.com/sqltext/q")
	for _, r := range results {
		res := r.Result.(*sqltext.Result)
		want := make(map[int]string)
		for _, f := range r.Pass.Files {
			for _, cg := range f.Comments {
				if s, ok := strings.CutPrefix(cg.Text(), "sql: "); ok {
					want[r.Pass.Fset.Position(cg.Pos()).Line] = strings.TrimSpace(s)
				}
			}
		}
		seen := make(map[int]bool)
		for _, q := range res.Queries {
			line := r.Pass.Fset.Position(q.Call.Pos()).Line
			w, ok := want[line]
			if !ok {
				continue // the Prepare call has no comment
			}
			seen[line] = true
			if got := q.Text.String(); got != w {
				t.Errorf("line %d: text %q, want %q", line, got, w)
			}
		}
		for line := range want {
			if !seen[line] {
				t.Errorf("line %d: no query found", line)
			}
		}
	}
}
