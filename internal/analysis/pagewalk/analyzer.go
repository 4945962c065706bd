package pagewalk

import (
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/appenders"
	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
	"github.com/rowalign/rowalign/internal/analysis/ssaflow"
	"github.com/rowalign/rowalign/internal/analysis/values"
)

// Found is the result of a walks analyzer on one package: its scope and,
// in a package in scope, its walks. A helper package (scope's Shared) has
// no walks here: its walks went to its callers as Walks facts.
type Found struct {
	Scope *scope.Result
	// Walks is nil outside scope and in a helper package.
	Walks *Result
}

// Analyzer finds the walks of every package under the default scope
// (DuckDB client code and the helper packages it calls) and owns the
// Walks fact: it exports the facts of each package's exported functions
// and reads its imports'. It reports nothing; every rowalign check
// requires it, or its twin for another scope (For), and reads its Found.
//
// The fact has this one owner so that any set of rowalign's analyzers
// runs in one driver (a multichecker of the checks, the suite beside a
// check): go/analysis refuses a fact type registered by two analyzers.
var Analyzer = newAnalyzer(scopeKey{})

// scopeKey is the part of the settings the walks depend on: -scope=all
// and -wrappers put more packages in scope, whose walks their own package
// then reports and whose facts say so.
type scopeKey struct {
	all      bool
	wrappers string // sorted, comma-separated
}

var (
	forMu sync.Mutex
	forAt = map[scopeKey]*analysis.Analyzer{{}: Analyzer}
)

// For returns the walks analyzer for a scope: Analyzer for the default
// (all false, no wrappers), one analyzer per other scope, the same one
// each time it is asked for, so that every check with the same scope
// shares it. Two checks with different scopes in one driver bring two
// owners of the Walks fact, which go/analysis refuses: give them the
// same -scope and -wrappers.
func For(all bool, wrappers []string) *analysis.Analyzer {
	ws := slices.Clone(wrappers)
	slices.Sort(ws)
	k := scopeKey{all: all, wrappers: strings.Join(slices.Compact(ws), ",")}
	forMu.Lock()
	defer forMu.Unlock()
	a := forAt[k]
	if a == nil {
		a = newAnalyzer(k)
		forAt[k] = a
	}
	return a
}

func newAnalyzer(k scopeKey) *analysis.Analyzer {
	var wrappers []string
	if k.wrappers != "" {
		wrappers = strings.Split(k.wrappers, ",")
	}
	return &analysis.Analyzer{
		Name:             "rowalignwalks",
		Doc:              "find the page walks and commit loops of DuckDB client code and export the Walks facts of exported functions (used by rowalign's checks)",
		URL:              "https://github.com/rowalign/rowalign/tree/main/internal/analysis/pagewalk",
		Requires:         []*analysis.Analyzer{scope.Analyzer, appenders.Analyzer, QueriesAnalyzer, values.Analyzer},
		FactTypes:        []analysis.Fact{new(Walks)},
		RunDespiteErrors: true,
		ResultType:       reflect.TypeFor[*Found](),
		Run: func(pass *analysis.Pass) (any, error) {
			return run(pass, k.all, wrappers), nil
		},
	}
}

func run(pass *analysis.Pass, all bool, wrappers []string) *Found {
	sc := scope.Of(pass, all, wrappers)
	found := &Found{Scope: sc}
	if !sc.InScope && !sc.Shared {
		return found
	}
	// The package's queries, and the calls of other packages' page
	// functions (PageQuery facts) that run one for it: found once by
	// QueriesAnalyzer, or here when the scope puts in scope a package
	// the default scope leaves out. The inspector is built there, not
	// required from inspect.Analyzer: under go vet this runs on every
	// dependency for the facts, and most of them are out of scope.
	pq := pass.ResultOf[QueriesAnalyzer].(*Queries)
	insp, queries := pq.Insp, pq.Queries
	if pq.Flow != sc.Flow {
		insp = inspector.New(pass.Files)
		queries = sqltext.Find(sc.Flow, insp)
		if sc.InScope {
			queries = append(queries, RemoteQueries(pass, sc, insp)...)
		}
	}
	prog := ssaflow.New(pass.Fset, pass.Pkg, pass.TypesInfo, pass.Files, len(pass.TypeErrors) > 0).
		WithExternal(pass.ResultOf[values.Analyzer].(*values.External))
	walks := Find(pass.Pkg, sc, queries, insp, prog, pass.ResultOf[appenders.Analyzer].(*appenders.Index), pass)
	if sc.InScope {
		found.Walks = walks
	}
	return found
}
