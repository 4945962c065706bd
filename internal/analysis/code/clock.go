package code

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Polls reports whether loop (a for or range statement, a function, or a
// block) waits on the clock between iterations: it calls time.Sleep,
// receives from a time channel (<-ticker.C, <-time.After(d), a select
// case on one), or ranges over one (for range ticker.C). Such a loop is
// paced by time, not by the data it reads: a poller that follows what
// other writers add, a periodic job. Function literals in the body run
// elsewhere and are not looked into.
func Polls(info *types.Info, loop ast.Node) bool {
	if r, ok := loop.(*ast.RangeStmt); ok && IsTimeChan(info, r.X) {
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
			if n.Op == token.ARROW && IsTimeChan(info, n.X) {
				found = true
			}
		case *ast.CallExpr:
			if fn := Callee(info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" && fn.Name() == "Sleep" {
				found = true
			}
		}
		return !found
	})
	return found
}

// IsTimeChan reports whether e is a channel of time.Time (a Ticker's or
// Timer's C, time.After, time.Tick).
func IsTimeChan(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	if t == nil {
		return false // code the type checker rejected
	}
	ch, ok := t.Underlying().(*types.Chan)
	return ok && IsNamed(ch.Elem(), "time", "Time")
}
