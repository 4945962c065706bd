package appenders

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/handle"
	"github.com/rowalign/rowalign/internal/analysis/scope"
)

// Commits is the object fact of a function or method that commits a
// transaction whenever it returns: a helper that begins one, runs its
// callback in it and commits,
//
//	func InTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error
//
// A loop that calls it every N rows, or once per chunk of N rows,
// commits every N rows. It is exported for packages that import
// database/sql, with or without a DuckDB driver: the caller's handle
// decides the engine.
type Commits struct{}

// AFact marks Commits as an analysis fact.
func (*Commits) AFact() {}

func (*Commits) String() string { return "commits" }

// Commits reports whether fn, given a database handle as a parameter,
// commits a transaction on its way out (tx.Commit, a COMMIT statement, a
// call of such a function), outside any loop of its own: from its body
// for a function of the package, else from its Commits fact. A method
// committing on a handle its receiver holds is not one: its engine is
// out of its callers' sight.
func (x *Index) Commits(fn *types.Func) bool {
	if x == nil || fn == nil {
		return false
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.commits(fn)
}

func (x *Index) commits(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	if fn.Pkg() != x.pkg {
		return fn.Pkg() != nil && x.fact != nil && x.fact(fn, new(Commits))
	}
	decl := x.decls[fn]
	if decl == nil || x.active[fn] || !takesHandle(fn) {
		return false
	}
	x.active[fn] = true
	defer delete(x.active, fn)
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return false // commits per iteration, or whenever it is called
		case *ast.CallExpr:
			found = found || isTxCommit(x.info, n) || x.runs(n, "COMMIT") || x.commits(code.Callee(x.info, n))
		}
		return !found
	})
	return found
}

// isTxCommit reports whether call is the Commit of a database/sql or
// sqlx transaction.
func isTxCommit(info *types.Info, call *ast.CallExpr) bool {
	fn := code.Callee(info, call)
	if fn == nil || fn.Name() != "Commit" || fn.Signature().Recv() == nil {
		return false
	}
	t := fn.Signature().Recv().Type()
	return handle.IsTx(t)
}

// takesHandle reports whether one of fn's parameters is a database
// handle (scope.IsHandle).
func takesHandle(fn *types.Func) bool {
	ps := fn.Signature().Params()
	for i := range ps.Len() {
		if scope.IsHandle(ps.At(i).Type()) {
			return true
		}
	}
	return false
}

// importsSQL reports whether pkg imports database/sql: a package that
// runs SQL on the handles it is given may hold a transaction helper.
func importsSQL(pkg *types.Package) bool {
	return slices.ContainsFunc(pkg.Imports(), func(p *types.Package) bool { return p.Path() == "database/sql" })
}
