package code

import (
	"go/ast"

	"golang.org/x/tools/go/ast/inspector"
)

// EnclosingFunc returns the innermost function around cur: its
// *ast.FuncDecl or *ast.FuncLit, or nil at package level.
func EnclosingFunc(cur inspector.Cursor) ast.Node {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return c.Node()
	}
	return nil
}

// Ident returns e as an identifier, through parentheses, or nil.
func Ident(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}
