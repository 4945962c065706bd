package pagewalk_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/appenders"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
	"github.com/rowalign/rowalign/internal/analysis/ssaflow"
)

// find runs pagewalk.Find on each package analysistest loads, after
// scope.Of and sqltext.Find as the checks do.
var find = &analysis.Analyzer{
	Name:             "find",
	Doc:              "test: pagewalk.Find",
	Requires:         []*analysis.Analyzer{inspect.Analyzer, scope.Analyzer, appenders.Analyzer},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*pagewalk.Result](),
	Run: func(pass *analysis.Pass) (any, error) {
		insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		sc := scope.Of(pass, false, nil)
		if !sc.InScope {
			return &pagewalk.Result{}, nil
		}
		return pagewalk.Find(pass.Pkg, sc, sqltext.Find(sc.Flow, insp), insp, ssaflow.New(pass.Fset, pass.Pkg, pass.TypesInfo, pass.Files, len(pass.TypeErrors) > 0), pass.ResultOf[appenders.Analyzer].(*appenders.Index), nil), nil
	},
}

// Test checks every walk found against the "// walk: ..." comment on its
// line, and that lines without one hold no walk.
func Test(t *testing.T) {
	for _, r := range analysistest.Run(t, analysistest.TestData(), find, "example.com/pagewalk/w", "example.com/pagewalk/cross") {
		res := r.Result.(*pagewalk.Result)
		want := make(map[int]string)
		for _, f := range r.Pass.Files {
			for _, cg := range f.Comments {
				if s, ok := strings.CutPrefix(cg.Text(), "walk: "); ok {
					want[r.Pass.Fset.Position(cg.Pos()).Line] = strings.TrimSpace(s)
				}
			}
		}
		values := func(sites []pagewalk.Site) string {
			var vs []string
			for _, s := range sites {
				vs = append(vs, fmt.Sprint(s.Value))
			}
			return strings.Join(vs, ",")
		}
		for _, w := range res.Walks {
			line := r.Pass.Fset.Position(w.Pos()).Line
			got := fmt.Sprintf("%s write=%v sites=%s strides=%s", w.Strategy, w.Write, values(w.Sites), values(w.Strides))
			if want[line] != got {
				t.Errorf("line %d: walk %q, want %q", line, got, want[line])
			}
			delete(want, line)
		}
		for line, w := range want {
			t.Errorf("line %d: no walk found, want %q", line, w)
		}
	}
}
