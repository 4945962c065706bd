package pagewalk

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/rowalign/rowalign/internal/analysis/code"
)

// A yielded is what an iterator function of the package passes to yield
// for one variable of a range over a call of it.
type yielded struct {
	// arg is the argument of the yield call, loop the loop around that
	// call in the iterator (nil when there is none).
	arg  ast.Expr
	loop ast.Node
	// out carries the iterator's parameters to the range's call:
	// spans(n, 250_000).
	out hop
}

// yields returns, for v, the key or value of a range over a call of an
// iterator function declared in the package (for lo, hi := range
// spans(n, 250_000)), what each yield call of the iterator passes for it.
// ok is false when v is no such variable or the yield calls are not in
// sight (an iterator of another package, a yield passed on).
func (w *walker) yields(v *types.Var) (out []yielded, ok bool) {
	if w.yieldDepth >= maxHops {
		return nil, false // an iterator ranging over iterators: give up
	}
	var rs *ast.RangeStmt
	for _, wr := range w.flow.Writes[v] {
		if wr.Op == token.RANGE {
			rs = wr.Node.(*ast.RangeStmt)
		}
	}
	if rs == nil {
		return nil, false
	}
	idx := 0
	if rs.Key == nil || w.flow.ObjectOf(rs.Key) != v {
		idx = 1
	}
	call, isCall := ast.Unparen(rs.X).(*ast.CallExpr)
	if !isCall {
		return nil, false
	}
	decl := w.funcDecl(call)
	if decl == nil || decl.Body == nil {
		return nil, false
	}
	at, found := w.cursorOf(call)
	if !found {
		return nil, false
	}
	h := hop{w: w, inner: decl, at: at, call: call, params: decl.Type.Params}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		lit, isLit := n.(*ast.FuncLit)
		if !isLit || len(lit.Type.Params.List) == 0 || len(lit.Type.Params.List[0].Names) == 0 {
			return true
		}
		yv, _ := w.info.Defs[lit.Type.Params.List[0].Names[0]].(*types.Var)
		if yv == nil {
			return true
		}
		if _, isFunc := yv.Type().Underlying().(*types.Signature); !isFunc {
			return true
		}
		for _, yc := range w.flow.VarCalls[yv] {
			if idx < len(yc.Args) {
				out = append(out, yielded{arg: yc.Args[idx], loop: w.loopAround(yc), out: h})
			}
		}
		return true
	})
	return out, len(out) > 0
}

// yieldAdvances reports whether some value an iterator yields for a
// range variable advances in the iterator's loop: spans yields lo, which
// moves on; a name iterator yields 0 for an offset, which does not.
func (w *walker) yieldAdvances(ys []yielded) bool {
	w.yieldDepth++
	defer func() { w.yieldDepth-- }()
	for _, y := range ys {
		if y.loop != nil && w.advances(y.arg, y.loop, 0) {
			return true
		}
	}
	return false
}

// throughYield returns what e, a variable of a range over an iterator of
// the package, is yielded from, in the terms of the range's call
// (bounds(total, 200_000) yields size: 200_000); e itself otherwise.
func (w *walker) throughYield(e ast.Expr) ast.Expr {
	v, isVar := w.flow.ObjectOf(e).(*types.Var)
	if !isVar {
		return e
	}
	ys, ok := w.yields(v)
	if !ok {
		return e
	}
	if out := w.bind(ys[0].out, ys[0].arg, false); out != nil {
		return out
	}
	return e
}

// yieldedFields returns, for sel, a field of a struct yielded by an
// iterator of the package (c.First in for c := range chunks(n)), the
// field's values in the yield calls; ok is false otherwise.
func (w *walker) yieldedFields(sel *ast.SelectorExpr) ([]yielded, bool) {
	id, isIdent := ast.Unparen(sel.X).(*ast.Ident)
	if !isIdent {
		return nil, false
	}
	v, isVar := w.info.Uses[id].(*types.Var)
	if !isVar {
		return nil, false
	}
	if _, isStruct := v.Type().Underlying().(*types.Struct); !isStruct {
		return nil, false
	}
	ys, ok := w.yields(v)
	if !ok {
		return nil, false
	}
	var out []yielded
	for _, y := range ys {
		if f := w.fieldOf(y.arg, sel.Sel.Name); f != nil {
			y.arg = f
			out = append(out, y)
		}
	}
	return out, len(out) == len(ys)
}

// yieldRangeSize returns the size of a rowid range whose bounds are the
// key and value of a range over an iterator of the package: found in the
// yield call (yield(lo, min(lo+size, total))) and carried to the range's
// call (spans(n, 250_000)).
func (w *walker) yieldRangeSize(lo, hi ast.Expr, inclusive bool) ast.Expr {
	los, ok1 := w.yieldedBound(lo)
	his, ok2 := w.yieldedBound(hi)
	if !ok1 || !ok2 || len(los) != len(his) {
		return nil
	}
	for i := range los {
		if los[i].out.call != his[i].out.call {
			continue // bounds from two ranges
		}
		scope := los[i].loop
		if scope == nil {
			scope = los[i].out.inner
		}
		if size := w.rangeSize(los[i].arg, his[i].arg, inclusive, scope); size != nil {
			return w.bind(los[i].out, size, false)
		}
	}
	return nil
}

// yieldedBound returns what iterators of the package yield for the
// bound e of a rowid range: a range variable (lo) or a field of one
// (c.First).
func (w *walker) yieldedBound(e ast.Expr) ([]yielded, bool) {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		return w.yieldedFields(sel)
	}
	if v, ok := w.flow.ObjectOf(e).(*types.Var); ok {
		return w.yields(v)
	}
	return nil, false
}

// funcDecl returns the declaration in the package of the function call
// calls, or nil.
func (w *walker) funcDecl(call *ast.CallExpr) *ast.FuncDecl {
	fn := code.Callee(w.info, call)
	if fn == nil {
		return nil
	}
	for _, d := range w.funcs {
		if w.info.Defs[d.Name] == fn {
			return d
		}
	}
	return nil
}

// loopAround returns the innermost loop around n inside its function.
func (w *walker) loopAround(n ast.Node) ast.Node {
	cur, ok := w.cursorOf(n)
	if !ok {
		return nil
	}
	for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch c.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return c.Node()
		default:
			return nil
		}
	}
	return nil
}
