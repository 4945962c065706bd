package scope

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/passes/internal/flow"
)

// driverPaths are the import paths of the DuckDB drivers for database/sql.
// github.com/duckdb/duckdb-go/v2 is the successor of marcboeker/go-duckdb
// (v2.5.0 on); both register the driver name "duckdb".
var driverPaths = []string{
	"github.com/duckdb/duckdb-go/v2",
	"github.com/marcboeker/go-duckdb/v2",
	"github.com/marcboeker/go-duckdb",
}

// driverName is the name both drivers register with database/sql.
const driverName = "duckdb"

// IsDriverPath reports whether path is a DuckDB driver package or one of
// its subpackages.
func IsDriverPath(path string) bool {
	for _, p := range driverPaths {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// Result is what the scope analyzer found out about a package.
type Result struct {
	// InScope reports whether the other passes should look at the package.
	InScope bool
	// Reason says why the package is in scope, for debugging and tests.
	Reason string

	// Flow is the package's value index, built once here for every pass
	// that requires this one; nil when nothing in the package can run SQL
	// through database/sql.
	Flow *flow.Index

	engines map[types.Object]string // memo: "" while resolving, "?" unknown
}

// Of decides whether the package of pass, whose syntax insp covers, is
// DuckDB client code: all puts every package in scope (-scope=all), and
// wrappers are the -wrappers import paths.
func Of(pass *analysis.Pass, insp *inspector.Inspector, all bool, wrappers []string) *Result {
	res := &Result{}
	info := pass.TypesInfo
	driver, directSQL := dependencies(pass.Pkg, wrappers)
	switch {
	case all:
		res.InScope, res.Reason = true, "-scope=all"
	case driver != "":
		res.InScope, res.Reason = true, "imports "+driver
	case !directSQL:
		// sql.Open("duckdb", ...) needs a direct import of database/sql:
		// without one nothing below can change the answer, so a package out
		// of scope costs one walk over its import graph.
		return res
	}
	if !res.InScope {
		for n := range insp.PreorderSeq((*ast.CallExpr)(nil)) {
			if openedDriver(info, n.(*ast.CallExpr)) == driverName {
				res.InScope, res.Reason = true, `calls sql.Open("duckdb", ...)`
				break
			}
		}
	}
	if res.InScope {
		// The value index is the first thing built only for DuckDB code.
		res.Flow = flow.New(info, pass.Files)
		res.engines = make(map[types.Object]string)
	}
	return res
}

// dependencies returns the DuckDB driver or wrapper path pkg depends on
// (or "") and whether it imports database/sql directly.
//
// It walks the imports the type checker knows without facts: loaded from
// source (gopls, analysistest) that is the whole dependency graph; from
// export data (go vet) it is the direct imports and the packages their
// exported API mentions, which misses a driver blank-imported by a
// wrapper package. Wrappers names such packages.
func dependencies(pkg *types.Package, wrappers []string) (driver string, directSQL bool) {
	for _, imp := range pkg.Imports() {
		directSQL = directSQL || imp.Path() == "database/sql"
	}
	walkImports(pkg, func(p *types.Package) bool {
		if IsDriverPath(p.Path()) || slices.Contains(wrappers, p.Path()) {
			driver = p.Path()
			return false
		}
		return true
	})
	return driver, directSQL
}

// walkImports visits the transitive imports of pkg until visit returns false.
func walkImports(pkg *types.Package, visit func(*types.Package) bool) {
	seen := map[*types.Package]bool{pkg: true}
	stack := []*types.Package{pkg}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if !visit(imp) {
				return
			}
			stack = append(stack, imp)
		}
	}
}

// Foreign reports the driver name of another engine when the database
// handle x (a *sql.DB, *sql.Tx or *sql.Conn expression) provably comes
// from sql.Open with a driver other than DuckDB's, and "" otherwise: a
// handle of unknown origin in a package in scope counts as DuckDB's.
func (r *Result) Foreign(x ast.Expr) string {
	if r == nil || r.Flow == nil {
		return ""
	}
	if name := r.engineOf(x, 0); name != "?" && name != driverName {
		return name
	}
	return ""
}

func (r *Result) engineOf(x ast.Expr, depth int) string {
	if depth > flow.MaxDepth {
		return "?"
	}
	x = ast.Unparen(x)
	if call, ok := x.(*ast.CallExpr); ok {
		if name := openedDriver(r.Flow.Info, call); name != "" {
			return name
		}
		// tx, err := db.BeginTx(...) and conn, err := db.Conn(...) share
		// db's engine.
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			switch sel.Sel.Name {
			case "Begin", "BeginTx", "Conn", "Beginx", "BeginTxx", "MustBegin", "MustBeginTx", "Connx":
				if isSQLHandle(r.Flow.Info.TypeOf(sel.X)) {
					return r.engineOf(sel.X, depth+1)
				}
			}
		}
		return "?"
	}
	obj := r.Flow.ObjectOf(x)
	if obj == nil {
		return "?"
	}
	if name, ok := r.engines[obj]; ok {
		if name == "" {
			return "?" // a cycle: db = other; other = db
		}
		return name
	}
	r.engines[obj] = ""
	name := "?"
	// No writes (a parameter, a field set elsewhere) leaves it unknown.
	for i, w := range r.Flow.Writes[obj] {
		e := "?"
		if w.Value != nil && (!w.Tuple || w.Index == 0) {
			// db, err := sql.Open(...): the handle is the first result.
			e = r.engineOf(w.Value, depth+1)
		}
		if i > 0 && e != name {
			e = "?" // assigned from two engines, or from an unknown one
		}
		name = e
		if name == "?" {
			break
		}
	}
	r.engines[obj] = name
	return name
}

// openedDriver returns the driver name of sql.Open(name, ...), "duckdb"
// for sql.OpenDB over a DuckDB connector, "?" for an unknown name, and ""
// when call is neither.
func openedDriver(info *types.Info, call *ast.CallExpr) string {
	fn := flow.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	switch {
	case fn.Pkg().Path() == "database/sql" && fn.Name() == "Open" && len(call.Args) == 2:
		if tv, ok := info.Types[call.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value)
		}
		return "?"
	case fn.Pkg().Path() == "github.com/jmoiron/sqlx" && fn.Signature().Recv() == nil && len(call.Args) == 2:
		// sqlx.Open/Connect/MustOpen/MustConnect(name, dsn) and
		// NewDb(db, name): the driver name is the string argument.
		arg := call.Args[0]
		switch fn.Name() {
		case "NewDb":
			arg = call.Args[1]
		case "Open", "Connect", "MustOpen", "MustConnect":
		default:
			return ""
		}
		if tv, ok := info.Types[arg]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value)
		}
		return "?"
	case fn.Pkg().Path() == "database/sql" && fn.Name() == "OpenDB" && len(call.Args) == 1:
		if t := info.TypeOf(call.Args[0]); t != nil && isDriverType(t) {
			return driverName
		}
		return "?"
	}
	return ""
}

func isDriverType(t types.Type) bool {
	path, _, ok := flow.NamedType(t)
	return ok && IsDriverPath(path)
}

// isSQLHandle reports whether t is *sql.DB or *sql.Conn, or sqlx's DB
// or Conn.
func isSQLHandle(t types.Type) bool {
	for _, pkg := range []string{"database/sql", "github.com/jmoiron/sqlx"} {
		if flow.IsNamed(t, pkg, "DB") || flow.IsNamed(t, pkg, "Conn") {
			return true
		}
	}
	return false
}
