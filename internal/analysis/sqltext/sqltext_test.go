package sqltext_test

import (
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
	"github.com/rowalign/rowalign/passes/pagesize"
)

// find runs sqltext.Find on each package analysistest loads.
var find = &analysis.Analyzer{
	Name:             "find",
	Doc:              "test: sqltext.Find",
	Requires:         []*analysis.Analyzer{inspect.Analyzer},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[[]*sqltext.Query](),
	Run: func(pass *analysis.Pass) (any, error) {
		insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		return sqltext.Find(flow.New(pass.TypesInfo, pass.Files), insp), nil
	},
}

// Test checks the reconstructed text of every query call against the
// "// sql: ..." comment on its line.
func Test(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), find, "example.com/sqltext/q")
	for _, r := range results {
		queries := r.Result.([]*sqltext.Query)
		want := make(map[int]string)
		for _, f := range r.Pass.Files {
			for _, cg := range f.Comments {
				if s, ok := strings.CutPrefix(cg.Text(), "sql: "); ok {
					want[r.Pass.Fset.Position(cg.Pos()).Line] = strings.TrimSpace(s)
				}
			}
		}
		seen := make(map[int]bool)
		for _, q := range queries {
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

// TestSqlxWalks runs pagesize on an exporter written with sqlx's
// package-level functions, named queries (:lim bound from a struct
// field's db tag or a map entry) and sqlx.In: the DuckDB walks are found
// and fixed where their sizes are written; the PostgreSQL ones are not.
func TestSqlxWalks(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), pagesize.Analyzer, "example.com/sqltext/sqlxexport")
}
