package scope

import (
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/handle"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// Analyzer finds out, for every package, whether it opens DuckDB
// (exporting an OpensDuckDB fact) and which engine the handles its
// exported functions return belong to (Engine facts). It reports
// nothing; rowalign's checks require it and read its result through Of.
//
// It is separate from the checks so that its facts are its own: a
// package's facts are computed once, whatever checks run, and a check's
// tests see no facts they did not ask about.
var Analyzer = &analysis.Analyzer{
	Name:             "rowalignscope",
	Doc:              "find the packages that open DuckDB and the engines of database handles (facts only)",
	URL:              "https://github.com/rowalign/rowalign/tree/main/internal/analysis/scope",
	Run:              run,
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(OpensDuckDB), new(OpensOther), new(Engine), new(Callbacks)},
	ResultType:       reflect.TypeFor[*Package](),
}

// Package is what Analyzer found out about one package.
type Package struct {
	// Via says how the package reaches DuckDB, "" when it does not: the
	// driver path it imports, the package it imports that opens DuckDB,
	// or the sql.Open("duckdb", ...) call it makes.
	Via string
	// TestOnly reports that only the package's _test.go files reach
	// DuckDB (go vet, and -tests, analyse a package with its tests): its
	// other files are checked as they are without them, so that every
	// front end reports the same on them.
	TestOnly bool

	pass *analysis.Pass
	// The engine index is built on first use and shared by every
	// analyzer that reads this package's scope: the drivers run
	// analyzers of one package in parallel (QueriesAnalyzer beside
	// rowbyrow's Writers), so its creation and its memo are locked.
	mu      sync.Mutex
	engines *engines

	// duckSQL is the first SQL only DuckDB accepts that the package's
	// own files run, found once (sqlOnce) for a package that imports no
	// driver.
	sqlOnce sync.Once
	duckSQL string
}

func run(pass *analysis.Pass) (any, error) {
	p := &Package{pass: pass, Via: via(pass, pass.Files)}
	if p.Via != "" {
		var files []*ast.File
		for _, f := range pass.Files {
			// FileStart, not Pos: a file that did not parse may have no
			// package clause.
			if tf := pass.Fset.File(f.FileStart); tf == nil || !strings.HasSuffix(tf.Name(), "_test.go") {
				files = append(files, f)
			}
		}
		p.TestOnly = len(files) < len(pass.Files) && via(pass, files) == ""
	}
	if p.Via != "" {
		pass.ExportPackageFact(&OpensDuckDB{Via: p.Via})
	}
	for _, imp := range pass.Pkg.Imports() {
		if eng := pathEngine(imp.Path()); eng != "" && eng != DuckDB {
			pass.ExportPackageFact(&OpensOther{Engine: eng})
			break
		}
	}
	// Only packages that hand out database handles get a value index
	// here: a check builds one anyway for a package in scope.
	if objs := handleObjects(pass.Pkg); len(objs) > 0 {
		e := p.engineIndex()
		unlock := e.lock()
		e.exportFacts(objs)
		unlock()
	}
	return p, nil
}

func (p *Package) engineIndex() *engines {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.engines == nil {
		p.engines = newEngines(p.pass, flow.New(p.pass.TypesInfo, p.pass.Files))
	}
	return p.engines
}

// via returns how files, of the package of pass, reach DuckDB, or "".
// It reads, in order of cost: the package's own path, the files' imports
// and their OpensDuckDB facts, the import graph the type checker knows
// below them, and only in a package that imports database/sql or sqlx
// itself, the files' calls.
func via(pass *analysis.Pass, files []*ast.File) string {
	pkg := pass.Pkg
	if IsDriverPath(pkg.Path()) {
		return pkg.Path()
	}
	imports := fileImports(pkg, files)
	direct := false
	for _, imp := range imports {
		if IsDriverPath(imp.Path()) {
			return imp.Path()
		}
		var f OpensDuckDB
		if pass.ImportPackageFact(imp, &f) {
			return imp.Path()
		}
		direct = direct || imp.Path() == "database/sql" || imp.Path() == handle.SQLX
	}
	// Loaded from source without facts (a driver that cannot run this
	// analyzer on dependencies), the type checker still knows the graph.
	if driver := findImport(imports, IsDriverPath); driver != "" {
		return driver
	}
	if !direct {
		return ""
	}
	for _, f := range files {
		found := ""
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && found == "" {
				if fn := code.Callee(pass.TypesInfo, call); fn != nil && fn.Pkg() != nil {
					if name := opened(pass.TypesInfo, call, fn); name != "" && name != unknown && nameEngine(name) == DuckDB {
						found = `calls ` + fn.Pkg().Name() + "." + fn.Name() + `("duckdb", ...)`
					}
				}
			}
			return found == ""
		})
		if found != "" {
			return found
		}
	}
	return ""
}

// fileImports returns the packages pkg imports that files import: all of
// pkg.Imports() when files are all its files.
func fileImports(pkg *types.Package, files []*ast.File) []*types.Package {
	paths := make(map[string]bool)
	for _, f := range files {
		for _, spec := range f.Imports {
			if path, err := strconv.Unquote(spec.Path.Value); err == nil {
				paths[path] = true
			}
		}
	}
	var out []*types.Package
	for _, imp := range pkg.Imports() {
		if paths[imp.Path()] {
			out = append(out, imp)
		}
	}
	return out
}

// findImport returns the first path, among the packages of from and
// their transitive imports as the type checker knows them, for which
// match holds, or "".
func findImport(from []*types.Package, match func(string) bool) string {
	seen := make(map[*types.Package]bool)
	var stack []*types.Package
	for _, imp := range from {
		if match(imp.Path()) {
			return imp.Path()
		}
		seen[imp] = true
		stack = append(stack, imp)
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if match(imp.Path()) {
				return imp.Path()
			}
			stack = append(stack, imp)
		}
	}
	return ""
}

// Result is what the checks read about a package's scope.
type Result struct {
	// InScope reports whether the checks should look at the package.
	InScope bool
	// Reason says why the package is in scope, for debugging and tests.
	Reason string
	// Shared reports a package out of scope that runs SQL through
	// database/sql or sqlx itself, imports no other engine's driver and
	// runs no SQL only DuckDB accepts (that puts it in scope): a
	// helper package that walks whatever
	// handle its callers give it (export.Table(ctx, db, "events", w)).
	// The checks report nothing in it; its walks over handle parameters
	// are exported as pagewalk's Walks facts, and a caller that passes a
	// DuckDB handle reports them at its call.
	Shared bool
	// TestOnly reports a package in scope by its _test.go files alone
	// (Package.TestOnly): the checks report in those files only.
	TestOnly bool

	// Flow is the package's value index, built once for every check; nil
	// when the package is out of scope.
	Flow *flow.Index

	engines *engines
}

// Of decides whether the package of pass is DuckDB client code; pass's
// analyzer must require Analyzer. all puts every package in scope
// (-scope=all); wrappers are the -wrappers import paths.
func Of(pass *analysis.Pass, all bool, wrappers []string) *Result {
	p := pass.ResultOf[Analyzer].(*Package)
	res := &Result{}
	switch {
	case all:
		res.InScope, res.Reason = true, "-scope=all"
	case p.Via != "":
		res.InScope, res.Reason, res.TestOnly = true, "opens DuckDB via "+p.Via, p.TestOnly
		if res.TestOnly && usesSQL(pass.Pkg) && Evidence.SQL {
			// The tests open DuckDB, and the package's own files run SQL
			// only DuckDB accepts: those files are DuckDB code whatever
			// the tests do, as in a run without the tests (go vet
			// analyses a package with its tests, a standalone run not).
			if m := p.duckDBSQL(); m != "" {
				res.Reason, res.TestOnly = "runs SQL only DuckDB accepts ("+m+")", false
			}
		}
	case len(wrappers) > 0:
		if w := findImport(pass.Pkg.Imports(), func(path string) bool { return slices.Contains(wrappers, path) }); w != "" {
			res.InScope, res.Reason = true, "imports "+w+" (-wrappers)"
		}
	}
	if !res.InScope && usesSQL(pass.Pkg) {
		if m := p.duckDBSQL(); m != "" && Evidence.SQL {
			// SQL that fails on every other engine: the handles it runs
			// on are DuckDB's, whoever passes them in.
			res.InScope, res.Reason = true, "runs SQL only DuckDB accepts ("+m+")"
		} else {
			res.Shared, res.Reason = true, "runs SQL on handles it is given (database/sql)"
		}
	}
	if res.InScope || res.Shared {
		// The value index is the first thing built only for DuckDB code
		// and the helpers it calls.
		res.engines = p.engineIndex()
		res.Flow = res.engines.flow
	}
	return res
}

// duckDBSQL returns the first piece of SQL only DuckDB accepts
// (sqltext.DuckDBOnlyAnyEngine: COPY ... (FORMAT PARQUET, ROW_GROUP_SIZE
// 1), read_parquet(...), ATTACH ... (READ_ONLY)) among the statements
// the package's non-test files run, or "". A test file's SQL is the
// test's own setup, not what the package runs.
func (p *Package) duckDBSQL() string {
	p.sqlOnce.Do(func() {
		x := p.engineIndex().flow
		for _, q := range sqltext.Find(x, inspector.New(p.pass.Files)) {
			if tf := p.pass.Fset.File(q.Call.Pos()); tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
				continue
			}
			if m := sqltext.DuckDBOnlyAnyEngine(q.Text); m != "" {
				p.duckSQL = m
				return
			}
		}
	})
	return p.duckSQL
}

// Foreign reports why the database handle x (a *sql.DB, *sql.Tx,
// *sql.Conn or sqlx handle expression) must not be treated as DuckDB's:
// the engine it provably comes from ("postgres", "sqlite", ...), or "?"
// when its origin is unknown and the package also talks to another
// engine. It returns "" for a DuckDB handle, and for a handle of unknown
// origin in a package that talks to DuckDB only.
func (r *Result) Foreign(x ast.Expr) string {
	if r == nil || r.engines == nil {
		return ""
	}
	defer r.engines.lock()()
	switch eng := r.engines.ofExpr(x, 0); eng {
	case DuckDB:
		return ""
	case unknown:
		if r.engines.otherEngine() != "" {
			return unknown
		}
		return ""
	default:
		return eng
	}
}

// Engine returns the engine the handle expression x provably comes
// from: DuckDB, another engine's name, or "?" when its origin is
// unknown, whatever else the package talks to. A check that reports a
// walk of another package's function on evidence from this call (see
// pagewalk's Walks fact) needs a proof, not the package's default.
func (r *Result) Engine(x ast.Expr) string {
	if r == nil || r.engines == nil {
		return unknown
	}
	defer r.engines.lock()()
	return r.engines.ofExpr(x, 0)
}

// HandleParam returns the index of the parameter of decl that the handle
// expression x, written in decl's body, comes from on every path, or -1:
// db in func Export(ctx context.Context, db *sql.DB) is parameter 1.
// Its callers in other packages know the engine decl cannot see.
func (r *Result) HandleParam(decl *ast.FuncDecl, x ast.Expr) int {
	if r == nil || r.engines == nil {
		return -1
	}
	defer r.engines.lock()()
	return r.engines.paramOf(decl, x)
}

// TalksTo reports whether the package talks to engine, as far as its
// imports (their drivers, their OpensOther facts) and the first other
// engine its handles show can tell: rowid is DuckDB's only where the
// package does not talk to SQLite.
func (r *Result) TalksTo(engine string) bool {
	if r == nil || r.engines == nil {
		return false
	}
	e := r.engines
	defer e.lock()()
	for _, imp := range e.pass.Pkg.Imports() {
		var f OpensOther
		if pathEngine(imp.Path()) == engine || e.pass.ImportPackageFact(imp, &f) && f.Engine == engine {
			return true
		}
	}
	return e.otherEngine() == engine
}

// usesSQL reports whether pkg imports database/sql or sqlx itself, and
// no driver of another engine: a helper package for whatever handle it is
// given. A package that imports PostgreSQL's driver walks PostgreSQL.
func usesSQL(pkg *types.Package) bool {
	uses := false
	for _, imp := range pkg.Imports() {
		switch imp.Path() {
		case "database/sql", "github.com/jmoiron/sqlx":
			uses = true
		}
		if eng := pathEngine(imp.Path()); eng != "" && eng != DuckDB {
			return false
		}
	}
	return uses
}
