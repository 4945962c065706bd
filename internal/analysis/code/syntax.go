package code

import (
	"go/ast"
	"go/types"

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

// ParamIndex returns the position of v among params, -1 when it is not
// one of them (a variadic parameter counts as not one: its arguments are
// many).
func ParamIndex(params *ast.FieldList, v *types.Var) int {
	if params == nil {
		return -1
	}
	i := 0
	for _, f := range params.List {
		if _, ok := f.Type.(*ast.Ellipsis); ok {
			return -1
		}
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if n.Pos() == v.Pos() && n.Name == v.Name() {
				return i
			}
			i++
		}
	}
	return -1
}
