package sqltext

import (
	"go/ast"
	"go/token"
)

// BeganBefore reports whether one of qs, a package's queries, runs BEGIN
// (or START TRANSACTION) inside the syntax node in (a function, its body)
// before pos. When on is not nil, only a BEGIN whose handle on accepts
// counts: the statement after it runs in that transaction only when it
// runs on the same connection.
//
// It is the one answer to "did this function begin a transaction before
// here": pagewalk asks it for the Appender loops and commit loops it finds
// (adding what a helper's callers began), rowbyrow for the handle a
// one-row statement runs on.
func BeganBefore(qs []*Query, in ast.Node, pos token.Pos, on func(recv ast.Expr) bool) bool {
	for _, q := range qs {
		if q.Shape.Kind != Begin || q.Call.Pos() >= pos || q.Call.Pos() < in.Pos() || q.Call.End() > in.End() {
			continue
		}
		if on == nil || on(q.Recv) {
			return true
		}
	}
	return false
}
