package scope_test

import (
	"go/ast"
	"strings"
	"testing"

	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/rowalign/rowalign/internal/analysis/scope"
)

// scopeOf runs scope.Of on each package analysistest loads, in the
// default scope.
var scopeOf = &analysis.Analyzer{
	Name:             "scopeof",
	Doc:              "test: scope.Of",
	Requires:         []*analysis.Analyzer{scope.Analyzer},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*scope.Result](),
	Run: func(pass *analysis.Pass) (any, error) {
		return scope.Of(pass, false, nil), nil
	},
}

func TestInScope(t *testing.T) {
	want := map[string]bool{
		"example.com/scope/direct":    true,
		"example.com/scope/v1":        true,
		"example.com/scope/sqlopen":   true,
		"example.com/scope/connector": true,
		"example.com/scope/none":      false,
		"example.com/scope/nosql":     false,
		// No driver, but SQL only DuckDB accepts (issue 32).
		"example.com/scope/duckhelper":   true,
		"example.com/scope/sqlitehelper": false,
	}
	var pkgs []string
	for p := range want {
		pkgs = append(pkgs, p)
	}
	for _, r := range analysistest.Run(t, analysistest.TestData(), scopeOf, pkgs...) {
		res := r.Result.(*scope.Result)
		path := r.Pass.Pkg.Path()
		if res.InScope != want[path] {
			t.Errorf("%s: InScope = %v (%s), want %v", path, res.InScope, res.Reason, want[path])
		}
	}
}

// TestForeign checks which handles provably belong to another engine,
// against the "// foreign:" comment listing the expected driver name of
// each argument of use(...), "-" for DuckDB or unknown.
func TestForeign(t *testing.T) {
	for _, r := range analysistest.Run(t, analysistest.TestData(), scopeOf, "example.com/scope/foreign") {
		res := r.Result.(*scope.Result)
		for _, f := range r.Pass.Files {
			var want []string
			for _, cg := range f.Comments {
				if s, ok := strings.CutPrefix(cg.Text(), "foreign: "); ok {
					want = strings.Fields(s)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, isID := call.Fun.(*ast.Ident); !isID || id.Name != "use" {
					return true
				}
				if len(call.Args) != len(want) {
					t.Fatalf("%d arguments, %d expectations", len(call.Args), len(want))
				}
				for i, arg := range call.Args {
					got := res.Foreign(arg)
					if got == "" {
						got = "-"
					}
					if got != want[i] {
						t.Errorf("argument %d: Foreign = %q, want %q", i, got, want[i])
					}
				}
				return true
			})
		}
	}
}

// askAll asks every question Result answers about every expression of
// the package: two of them, run side by side by the driver as
// QueriesAnalyzer and rowbyrow's Writers are, share one engine index.
func askAll(name string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             name,
		Doc:              "test: concurrent scope questions",
		Requires:         []*analysis.Analyzer{scope.Analyzer},
		RunDespiteErrors: true,
		Run: func(pass *analysis.Pass) (any, error) {
			res := scope.Of(pass, true, nil)
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					if x, ok := n.(ast.Expr); ok {
						res.Foreign(x)
						res.Why(x)
						res.Engine(x)
					}
					return true
				})
			}
			res.TalksTo("postgres")
			return nil, nil
		},
	}
}

// TestConcurrentQuestions is run with -race: the engine index is built
// on first use and memoises its answers, and analyzers of one package
// run in parallel (go test -race ./internal/analysis/scope -run
// TestConcurrentQuestions reported a race in engineIndex before it was
// locked).
func TestConcurrentQuestions(t *testing.T) {
	both := &analysis.Analyzer{
		Name:     "both",
		Doc:      "test: runs two askers side by side",
		Requires: []*analysis.Analyzer{askAll("ask1"), askAll("ask2")},
		Run:      func(*analysis.Pass) (any, error) { return nil, nil },
	}
	// The fixtures' want comments are the checks': only the race
	// detector judges this run.
	results := analysistest.Run(quiet{}, analysistest.TestData(), both, "example.com/scope/warehouse", "example.com/scope/migrate")
	if len(results) == 0 {
		t.Fatal("no package analysed")
	}
}

// quiet drops analysistest's checks of the want comments.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}
