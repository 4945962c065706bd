package ssaflow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// syntax finds the expression an SSA constant was written as. SSA makes
// a new *ssa.Const for each constant expression, so the constant's
// identity and the instruction that uses it locate the expression.
type syntax struct {
	info *types.Info
	// calls are the calls by Lparen, and the calls of go and defer
	// statements by their keyword (the Pos of ssa.Go and ssa.Defer).
	calls   map[token.Pos]*ast.CallExpr
	returns map[token.Pos]*ast.ReturnStmt
	sends   map[token.Pos]*ast.SendStmt
	// assigned maps the identifier on the left of an assignment or
	// declaration (the Sel of a selector) to the expression on its right,
	// and byPos the assignments by the position SSA gives their stores.
	assigned map[*ast.Ident]ast.Expr
	byPos    map[token.Pos]named
	// keys names the values of keyed composite literal elements.
	keys map[ast.Expr]string
	// consts maps constants to the expression of their DebugRef.
	consts map[*ssa.Const]named
}

// named is an expression and the variable or field it is assigned to.
type named struct {
	expr ast.Expr
	name string
}

func newSyntax(info *types.Info, files []*ast.File) *syntax {
	x := &syntax{
		info:     info,
		calls:    make(map[token.Pos]*ast.CallExpr),
		returns:  make(map[token.Pos]*ast.ReturnStmt),
		sends:    make(map[token.Pos]*ast.SendStmt),
		assigned: make(map[*ast.Ident]ast.Expr),
		byPos:    make(map[token.Pos]named),
		keys:     make(map[ast.Expr]string),
		consts:   make(map[*ssa.Const]named),
	}
	assign := func(lhs, rhs ast.Expr) {
		id := lhsIdent(lhs)
		if id == nil {
			return
		}
		x.assigned[id] = rhs
		x.byPos[lhs.Pos()] = named{rhs, id.Name}
		x.byPos[id.Pos()] = named{rhs, id.Name}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				x.calls[n.Lparen] = n
			case *ast.GoStmt:
				x.calls[n.Go] = n.Call
			case *ast.DeferStmt:
				x.calls[n.Defer] = n.Call
			case *ast.ReturnStmt:
				x.returns[n.Return] = n
			case *ast.SendStmt:
				x.sends[n.Arrow] = n
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					for i := range n.Lhs {
						assign(n.Lhs[i], n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i := range n.Names {
						assign(n.Names[i], n.Values[i])
					}
				}
			case *ast.KeyValueExpr:
				if key, ok := n.Key.(*ast.Ident); ok {
					x.keys[ast.Unparen(n.Value)] = key.Name
					x.byPos[n.Colon] = named{n.Value, key.Name}
				}
			}
			return true
		})
	}
	return x
}

func lhsIdent(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// index records the constants of fn's DebugRefs: a constant assigned to a
// variable (the DebugRef of the left side) or written in a composite
// literal (the DebugRef of the value).
func (x *syntax) index(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ref, ok := instr.(*ssa.DebugRef)
			if !ok {
				continue
			}
			c, ok := ref.X.(*ssa.Const)
			if !ok {
				continue
			}
			if id, ok := ref.Expr.(*ast.Ident); ok {
				if rhs, ok := x.assigned[id]; ok && x.isConst(rhs) {
					x.consts[c] = named{rhs, id.Name}
					continue
				}
			}
			if sel, ok := ref.Expr.(*ast.SelectorExpr); ok {
				if rhs, ok := x.assigned[sel.Sel]; ok && x.isConst(rhs) {
					x.consts[c] = named{rhs, sel.Sel.Name}
					continue
				}
			}
			if x.isConst(ref.Expr) {
				if _, seen := x.consts[c]; !seen {
					x.consts[c] = named{ref.Expr, x.keys[ref.Expr]}
				}
			}
		}
	}
}

func (x *syntax) isConst(e ast.Expr) bool {
	tv, ok := x.info.Types[ast.Unparen(e)]
	return ok && tv.Value != nil
}

// source returns the expression r's constant is written as.
func (x *syntax) source(r reach) (Source, bool) {
	n, ok := x.consts[r.c]
	if !ok {
		n, ok = x.operand(r)
	}
	if !ok || !x.sameValue(n.expr, r.c) {
		return Source{}, false
	}
	return Source{Expr: ast.Unparen(n.expr), Name: n.name}, true
}

// operand returns the expression of r's constant in the syntax of the
// instruction that uses it.
func (x *syntax) operand(r reach) (named, bool) {
	switch user := r.user.(type) {
	case ssa.CallInstruction:
		call := x.calls[user.Pos()]
		if call == nil {
			return named{}, false
		}
		i := r.arg
		if i < 0 {
			i = indexOf(user.Common().Args, ssa.Value(r.c))
			if i < 0 {
				return named{}, false
			}
			// x.M(args): SSA passes the receiver as argument 0.
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if s, ok := x.info.Selections[sel]; ok && s.Kind() == types.MethodVal {
					i--
				}
			}
		}
		if i < 0 || i >= len(call.Args) {
			return named{}, false
		}
		return named{expr: call.Args[i]}, true
	case *ssa.Return:
		ret := x.returns[user.Pos()]
		i := indexOf(user.Results, ssa.Value(r.c))
		if ret == nil || i < 0 || len(ret.Results) != len(user.Results) {
			return named{}, false
		}
		return named{expr: ret.Results[i]}, true
	case *ssa.Send:
		if send := x.sends[user.Pos()]; send != nil {
			return named{expr: send.Value}, true
		}
	case *ssa.Store:
		n, ok := x.byPos[user.Pos()]
		return n, ok
	}
	return named{}, false
}

// sameValue reports whether e is a constant expression of c's value: the
// check that the syntax found is the one SSA evaluated.
func (x *syntax) sameValue(e ast.Expr, c *ssa.Const) bool {
	tv, ok := x.info.Types[ast.Unparen(e)]
	if !ok || tv.Value == nil || c.Value == nil {
		return false
	}
	a, b := constant.ToInt(tv.Value), constant.ToInt(c.Value)
	return a.Kind() == constant.Int && b.Kind() == constant.Int && constant.Compare(a, token.EQL, b)
}
