package appenders

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// TxCallback is the object fact of a function that calls some of its
// func parameters after it ran BEGIN (or START TRANSACTION): a wrapper
// that opens an Appender and runs the caller's load with it inside one
// transaction,
//
//	func WithAppenderTx(ctx context.Context, db *sql.DB, table string, load func(*duckdb.Appender) error) error
//
// Params are the indices of those parameters. An Appender loop in a
// function literal passed there flushes inside the transaction and
// commits nothing.
type TxCallback struct {
	Params []int
}

// AFact marks TxCallback as an analysis fact.
func (*TxCallback) AFact() {}

func (f *TxCallback) String() string { return fmt.Sprintf("calls %v in a transaction", f.Params) }

// InTx reports whether fn runs its parameter i inside a transaction it
// began: from its body for a function of the package, else from its
// TxCallback fact.
func (x *Index) InTx(fn *types.Func, i int) bool {
	if x == nil || fn == nil {
		return false
	}
	fn = fn.Origin()
	if fn.Pkg() != x.pkg {
		var f TxCallback
		return fn.Pkg() != nil && x.fact != nil && x.fact(fn, &f) && slices.Contains(f.Params, i)
	}
	return slices.Contains(x.txCallbacks(fn), i)
}

// txCallbacks returns the indices of the func parameters of a function
// of the package that its body calls after a BEGIN statement.
func (x *Index) txCallbacks(fn *types.Func) []int {
	decl := x.decls[fn]
	if decl == nil {
		return nil
	}
	begin := token.NoPos
	var out []int
	params := paramIndices(x.info, decl)
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if !begin.IsValid() && x.runs(call, "BEGIN") {
			begin = call.Pos()
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok || !begin.IsValid() {
			return true
		}
		if v, ok := x.info.Uses[id].(*types.Var); ok {
			if i, ok := params[v]; ok && i >= 0 && !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
		return true
	})
	return out
}

// runs reports whether call passes a constant BEGIN (or START
// TRANSACTION) statement, stmt "BEGIN", or a COMMIT (or END) statement,
// stmt "COMMIT": conn.ExecContext(ctx, "BEGIN TRANSACTION").
func (x *Index) runs(call *ast.CallExpr, stmt string) bool {
	kind := sqltext.Begin
	if stmt == "COMMIT" {
		kind = sqltext.Commit
	}
	for _, a := range call.Args {
		if tv, ok := x.info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			if sqltext.Parse(sqltext.Text{{Lit: constant.StringVal(tv.Value)}}).Kind == kind {
				return true
			}
		}
	}
	return false
}
