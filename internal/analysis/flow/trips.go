package flow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/rowalign/rowalign/internal/analysis/code"
)

// Trips returns the most iterations loop (a *ast.ForStmt or
// *ast.RangeStmt) can run, when its source says: range over a constant,
// an array, a slice or map literal (directly or through a variable
// assigned once), or make with a constant length; for i := a; i < n (or
// <=) with constants. Otherwise -1.
func (x *Index) Trips(loop ast.Node) int64 {
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if v, ok := x.ConstInt(l.X); ok {
			return v
		}
		if t, ok := code.Underlying(x.Info, l.X).(*types.Array); ok {
			return t.Len()
		}
		e := ast.Unparen(l.X)
		if obj := x.ObjectOf(e); obj != nil {
			if _, isMap := obj.Type().Underlying().(*types.Map); isMap {
				// sums := map[string]float64{} filled by sums[k] += v:
				// an index assignment is no write of sums the index
				// records, so the literal says nothing of the trips.
				return -1
			}
			if v := x.SingleValue(obj); v != nil {
				e = ast.Unparen(v)
			}
		}
		switch e := e.(type) {
		case *ast.CompositeLit:
			return int64(len(e.Elts))
		case *ast.CallExpr:
			if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && id.Name == "make" && len(e.Args) >= 2 {
				if v, ok := x.ConstInt(e.Args[1]); ok {
					return v
				}
			}
		}
	case *ast.ForStmt:
		cond, ok := l.Cond.(*ast.BinaryExpr)
		if !ok || (cond.Op != token.LSS && cond.Op != token.LEQ) {
			return -1
		}
		hi, ok := x.ConstInt(cond.Y)
		if !ok {
			return -1
		}
		lo := int64(0)
		if init, ok := l.Init.(*ast.AssignStmt); ok && len(init.Rhs) == 1 {
			if v, ok := x.ConstInt(init.Rhs[0]); ok {
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

// ConstInt returns the value of a constant integer expression, or of a
// variable assigned a constant once.
func (x *Index) ConstInt(e ast.Expr) (int64, bool) {
	if v, ok := code.IntValue(x.Info, e); ok {
		return v, true
	}
	if obj := x.ObjectOf(e); obj != nil {
		if v := x.SingleValue(obj); v != nil {
			return code.IntValue(x.Info, v)
		}
	}
	return 0, false
}
