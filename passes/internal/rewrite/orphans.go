package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
)

// orphan returns the name of a local variable of the loop's function,
// declared outside the loop, that the rewrite would leave unused: every
// read of it is in removed and none in kept (the expressions whose text
// the new code keeps) or anywhere else. The compiler rejects an unused
// variable, so a fix that left one would not build: a page size read
// into a variable before the loop (page := envInt("PAGE", 100_000)) is
// read only by the loop's header, query and end test, all of which go.
// Assignments are not reads, for the compiler as here.
func (r *rw) orphan(removed []ast.Node, kept []ast.Node) string {
	path, _ := astutil.PathEnclosingInterval(r.file, r.loop.Pos(), r.loop.End())
	var fn ast.Node
	for _, n := range path {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			fn = n
		}
		if fn != nil {
			break
		}
	}
	var body *ast.BlockStmt
	switch f := fn.(type) {
	case *ast.FuncDecl:
		body = f.Body
	case *ast.FuncLit:
		body = f.Body
	}
	if body == nil {
		return ""
	}
	in := func(pos token.Pos, nodes []ast.Node) bool {
		for _, n := range nodes {
			if n != nil && n.Pos() <= pos && pos < n.End() {
				return true
			}
		}
		return false
	}
	assigned := make(map[*ast.Ident]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && a.Tok == token.ASSIGN {
			for _, l := range a.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					assigned[id] = true
				}
			}
		}
		return true
	})
	info := r.pass.TypesInfo
	gone := make(map[*types.Var]bool)
	stays := make(map[*types.Var]bool)
	var order []*types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || assigned[id] {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		// Fields, package variables, parameters and results (declared
		// before the body: the compiler lets them go unused), and the
		// loop's own variables, which go with it, are no orphans.
		if !ok || v.IsField() || !within(v.Pos(), body) || within(v.Pos(), r.loop) {
			return true
		}
		if in(id.Pos(), removed) && !in(id.Pos(), kept) {
			if !gone[v] {
				order = append(order, v)
			}
			gone[v] = true
		} else {
			stays[v] = true
		}
		return true
	})
	for _, v := range order {
		if !stays[v] {
			return v.Name()
		}
	}
	return ""
}
