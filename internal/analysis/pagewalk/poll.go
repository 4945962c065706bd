package pagewalk

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/rowalign/rowalign/internal/analysis/flow"
)

// polls reports whether loop waits on the clock between its queries: it
// calls time.Sleep, receives from a time channel (<-ticker.C,
// <-time.After(d), a select case on one), or ranges over one (for range
// ticker.C). Such a loop follows the rows other writers add (an outbox
// poller, a change feed): each query reads what is new since the last
// key, a few rows, not the rest of a table, so neither the walk's
// strategy nor its page size costs what a whole-table walk's does, and
// the pager, which walks one snapshot, is no replacement. A walk that
// sleeps between pages only to go easy on the database is missed with
// them: precision first.
func (w *walker) polls(loop ast.Node) bool {
	if r, ok := loop.(*ast.RangeStmt); ok && w.isTimeChan(r.X) {
		return true
	}
	var body ast.Node
	switch l := loop.(type) {
	case *ast.ForStmt:
		body = l.Body
	case *ast.RangeStmt:
		body = l.Body
	case *ast.FuncDecl:
		body = l.Body
	case *ast.BlockStmt:
		body = l
	}
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // runs elsewhere (a goroutine, a callback)
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && w.isTimeChan(n.X) {
				found = true
			}
		case *ast.CallExpr:
			if fn := flow.Callee(w.info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" && fn.Name() == "Sleep" {
				found = true
			}
		}
		return !found
	})
	return found
}

// isTimeChan reports whether e is a channel of time.Time (a Ticker's or
// Timer's C, time.After, time.Tick).
func (w *walker) isTimeChan(e ast.Expr) bool {
	t := w.info.TypeOf(e)
	if t == nil {
		return false // code the type checker rejected
	}
	ch, ok := t.Underlying().(*types.Chan)
	return ok && flow.IsNamed(ch.Elem(), "time", "Time")
}
