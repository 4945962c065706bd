package pagewalk

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
)

// advances reports whether the value of e moves on from one iteration of
// loop to the next: it depends on a loop counter (i++, range over an int,
// the key of a range over a slice) or on a variable advanced from its own
// value (off += n, off = next where next := off + got). A value taken from
// a request, a parameter or a slice element (reqs[i].Offset) does not
// advance, so a page served per request is no walk.
func (w *walker) advances(e ast.Expr, loop ast.Node, depth int) bool {
	if depth > flow.MaxDepth {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IndexExpr:
			// reqs[i].Offset: an element read at a counter is data (a
			// request's own page), not a position the loop moves on.
			return false
		case *ast.SelectorExpr:
			// c.First, c a struct an iterator of the package yields
			// (chunk{first, first + width - 1}): the field's value there.
			if f, ok := w.yieldedFields(n); ok {
				found = w.yieldAdvances(f)
				return false
			}
		case *ast.Ident:
			obj, ok := w.info.Uses[n].(*types.Var)
			if !ok {
				return true
			}
			found = w.isCounter(obj, loop) || w.selfAdvanced(obj, loop, depth)
			if !found {
				// next := off + got, defined in the loop: look through it.
				for _, wr := range w.flow.Writes[obj] {
					if wr.Op == token.DEFINE && wr.Value != nil && within(wr.Node, loop) && w.advances(wr.Value, loop, depth+1) {
						found = true
					}
				}
			}
		}
		return true
	})
	return found
}

// isCounter reports whether v counts the iterations of loop or of a loop
// inside it: incremented there, or the int key of a range statement over
// an int, a slice, an array or an iterator.
func (w *walker) isCounter(v *types.Var, loop ast.Node) bool {
	for _, wr := range w.flow.Writes[v] {
		if !within(wr.Node, loop) {
			if v.IsField() && (wr.Op == token.INC || wr.Op == token.ADD_ASSIGN) && w.calledIn(wr.Node, loop) {
				// c.next() in the loop, with func (c *cursor) next() {
				// c.offset += c.limit }: the field moves each iteration.
				return true
			}
			continue
		}
		switch wr.Op {
		case token.INC, token.ADD_ASSIGN:
			return true
		case token.RANGE:
			rs := wr.Node.(*ast.RangeStmt)
			if !code.IsInteger(v.Type()) {
				continue
			}
			// rs.X may not type-check (range undefinedName): no type, no counter.
			// Over a slice or an array the key counts; the value is an
			// element (for _, off := range offsets: data, not a position).
			isKey := w.flow.ObjectOf(rs.Key) == v
			switch t := code.Underlying(w.info, rs.X).(type) {
			case *types.Basic:
				return true
			case *types.Signature:
				// An iterator of the package counts when what it yields
				// advances (spans yields lo += size, a table iterator
				// yields 0); another package's iterator by its key.
				if ys, ok := w.yields(v); ok {
					return w.yieldAdvances(ys)
				}
				return isKey
			case *types.Slice, *types.Array:
				return isKey
			case *types.Pointer:
				_, arr := t.Elem().Underlying().(*types.Array)
				return arr && isKey
			}
		}
	}
	return false
}

// selfAdvanced reports whether v is assigned in loop from its own value:
// v += n, v = v + n, or v = next with next defined from v.
func (w *walker) selfAdvanced(v *types.Var, loop ast.Node, depth int) bool {
	for _, wr := range w.flow.Writes[v] {
		if !within(wr.Node, loop) {
			continue
		}
		switch wr.Op {
		case token.ADD_ASSIGN, token.INC, token.SUB_ASSIGN, token.MUL_ASSIGN:
			return true
		case token.ASSIGN:
			if wr.Value != nil && w.mentions(wr.Value, v, loop, depth) {
				return true
			}
		}
	}
	return false
}

// mentions reports whether e uses v, directly or through variables
// defined inside loop.
func (w *walker) mentions(e ast.Expr, v *types.Var, loop ast.Node, depth int) bool {
	if depth > flow.MaxDepth {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if found || !ok {
			return !found
		}
		u, ok := w.info.Uses[id].(*types.Var)
		if !ok {
			return true
		}
		if u == v {
			found = true
			return false
		}
		for _, wr := range w.flow.Writes[u] {
			if wr.Op == token.DEFINE && wr.Value != nil && within(wr.Node, loop) && w.mentions(wr.Value, v, loop, depth+1) {
				found = true
			}
		}
		return true
	})
	return found
}

// calledIn reports whether n is in a function declared in the package
// that loop calls directly.
func (w *walker) calledIn(n, loop ast.Node) bool {
	decl := w.FuncAt(n.Pos())
	if decl == nil {
		return false
	}
	fn, ok := w.info.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	for _, call := range w.flow.Calls[fn] {
		if within(call, loop) {
			return true
		}
	}
	return false
}
