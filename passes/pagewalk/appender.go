package pagewalk

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/passes/internal/flow"
	"github.com/rowalign/rowalign/passes/scope"
	"github.com/rowalign/rowalign/passes/sqltext"
)

// appendLoop returns the Append of an AppendRow call inside a loop.
func (w *walker) appendLoop(cur inspector.Cursor) *Append {
	call := cur.Node().(*ast.CallExpr)
	if !w.isAppenderMethod(call, "AppendRow") {
		return nil
	}
	for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return &Append{Call: call, Loop: n, InTx: w.opensTransaction(cur), Trips: w.trips(n)}
		default:
			return nil // one row per call of the function: not a bulk loop here
		}
	}
	return nil
}

// trips returns the most iterations loop can run, when its source says:
// range over a constant, an array, a slice or map literal (directly or
// through a variable assigned once), or make with a constant length; for
// i := a; i < n (or <=) with constants. Otherwise -1.
func (w *walker) trips(loop ast.Node) int64 {
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if v, ok := w.constInt(l.X); ok {
			return v
		}
		if t, ok := flow.Underlying(w.info, l.X).(*types.Array); ok {
			return t.Len()
		}
		x := ast.Unparen(l.X)
		if obj := w.flow.ObjectOf(x); obj != nil {
			if v := w.flow.SingleValue(obj); v != nil {
				x = ast.Unparen(v)
			}
		}
		switch x := x.(type) {
		case *ast.CompositeLit:
			return int64(len(x.Elts))
		case *ast.CallExpr:
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "make" && len(x.Args) >= 2 {
				if v, ok := w.constInt(x.Args[1]); ok {
					return v
				}
			}
		}
	case *ast.ForStmt:
		cond, ok := l.Cond.(*ast.BinaryExpr)
		if !ok || (cond.Op != token.LSS && cond.Op != token.LEQ) {
			return -1
		}
		hi, ok := w.constInt(cond.Y)
		if !ok {
			return -1
		}
		lo := int64(0)
		if init, ok := l.Init.(*ast.AssignStmt); ok && len(init.Rhs) == 1 {
			if v, ok := w.constInt(init.Rhs[0]); ok {
				lo = v
			}
		}
		if cond.Op == token.LEQ {
			hi++
		}
		return max(hi-lo, 0)
	}
	return -1
}

// constInt returns the value of a constant integer expression, or of a
// variable assigned a constant once.
func (w *walker) constInt(e ast.Expr) (int64, bool) {
	if v, ok := flow.IntValue(w.info, e); ok {
		return v, true
	}
	if obj := w.flow.ObjectOf(e); obj != nil {
		if v := w.flow.SingleValue(obj); v != nil {
			return flow.IntValue(w.info, v)
		}
	}
	return 0, false
}

func (w *walker) isAppenderFlush(call *ast.CallExpr) bool {
	return w.isAppenderMethod(call, "Flush")
}

func (w *walker) isAppenderMethod(call *ast.CallExpr, name string) bool {
	fn := flow.Callee(w.info, call)
	if fn == nil || fn.Name() != name {
		return false
	}
	path, name, ok := flow.NamedType(recvType(fn))
	return ok && name == "Appender" && scope.IsDriverPath(path)
}

// opensTransaction reports whether the function around cur runs BEGIN (or
// BEGIN TRANSACTION, START TRANSACTION) before cur: an Appender flushing
// inside a transaction commits nothing.
func (w *walker) opensTransaction(cur inspector.Cursor) bool {
	var fn ast.Node
	for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		fn = c.Node()
	}
	if fn == nil {
		return false
	}
	for _, q := range w.queries {
		if q.Shape.Kind == sqltext.Begin && within(q.Call, fn) && q.Call.Pos() < cur.Node().Pos() {
			return true
		}
	}
	return false
}
