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

// trips returns the most iterations loop can run, when its source says
// (see flow.Index.Trips); otherwise -1.
func (w *walker) trips(loop ast.Node) int64 { return w.flow.Trips(loop) }

// flushLoop returns the commit loop that flushes a's Appender under a
// size condition, around its AppendRow: the automatic flush then counts
// from the last explicit one.
func (w *walker) flushLoop(a *Append, walks []*Walk) *Walk {
	app := w.flow.ObjectOf(recvOf(a.Call))
	for _, walk := range walks {
		if walk.Strategy != Batch || !walk.Appender || !within(a.Call, walk.loop) && (walk.via == nil || !within(a.Call, walk.via)) {
			continue
		}
		if flush := w.flow.ObjectOf(recvOf(walk.commit.(*ast.CallExpr))); app == nil || flush == app {
			return walk
		}
	}
	return nil
}

// recvOf returns x in x.Method(...), or nil.
func recvOf(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
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

// opensTransaction reports whether BEGIN (or BEGIN TRANSACTION, START
// TRANSACTION) runs before cur: in the function around it, or, for a
// helper, before every call of that function in the package. An Appender
// flushing inside a transaction commits nothing.
func (w *walker) opensTransaction(cur inspector.Cursor) bool {
	var fn *ast.FuncDecl
	for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		fn = c.Node().(*ast.FuncDecl)
	}
	return fn != nil && w.beganBefore(fn, cur.Node().Pos(), 0)
}

// beganBefore reports whether fn runs BEGIN before pos, or every call of
// fn in the package does so before the call. A helper without callers in
// the package (exported, or used as a value) proves nothing.
func (w *walker) beganBefore(fn *ast.FuncDecl, pos token.Pos, depth int) bool {
	for _, q := range w.queries {
		if q.Shape.Kind == sqltext.Begin && within(q.Call, fn) && q.Call.Pos() < pos {
			return true
		}
	}
	obj, _ := w.info.Defs[fn.Name].(*types.Func)
	if obj == nil || depth >= flow.MaxDepth || w.usedAsValue(obj) {
		return false
	}
	calls := w.flow.Calls[obj]
	for _, call := range calls {
		caller := w.funcAt(call.Pos())
		if caller == nil || caller == fn || !w.beganBefore(caller, call.Pos(), depth+1) {
			return false
		}
	}
	return len(calls) > 0
}

// funcAt returns the function declaration around pos, or nil.
func (w *walker) funcAt(pos token.Pos) *ast.FuncDecl {
	for _, fn := range w.funcs {
		if fn.Pos() <= pos && pos < fn.End() {
			return fn
		}
	}
	return nil
}

// usedAsValue reports whether fn is referred to other than by a call
// (passed as a callback, stored): its callers are then not all known.
func (w *walker) usedAsValue(fn *types.Func) bool {
	if w.funcUses == nil {
		w.funcUses = make(map[*types.Func]int)
		for _, obj := range w.info.Uses {
			if f, ok := obj.(*types.Func); ok {
				w.funcUses[f.Origin()]++
			}
		}
	}
	return w.funcUses[fn] > len(w.flow.Calls[fn])
}
