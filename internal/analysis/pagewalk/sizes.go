package pagewalk

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// operandSites returns where the LIMIT (or other operand) of q is written:
// in the SQL text itself, or wherever its Go argument comes from.
func (w *walker) operandSites(q *sqltext.Query, o *sqltext.Operand) []Site {
	if v, ok := o.Int(); ok {
		if pos, ok := q.NumberPos(o); ok {
			return []Site{{Pos: pos, End: pos + token.Pos(len(o.Tok.Text)), Value: v, Fixable: true, Literal: o.Tok.Text}}
		}
		return []Site{{Pos: q.Call.Pos(), End: q.Call.End(), Value: v}}
	}
	if e := q.Arg(o); e != nil {
		return w.sites(e, 0)
	}
	return nil
}

// sites traces the integer expression e to the constants it is set from:
// with SSA (package ssaflow) when the package has it, which follows
// values through flags, calls, closures and channels and knows which
// assignments reach e; else with the syntax index (astSites). Each
// constant that reaches e on some path is a site, even when other paths
// bring values from outside (see ssaflow's policy).
func (w *walker) sites(e ast.Expr, depth int) []Site {
	srcs, ok := w.ssa.Sources(e)
	if !ok {
		return w.astSites(e, depth)
	}
	var out []Site
	for _, src := range srcs {
		if src.Where != "" {
			// Written in another package: reported at the use here,
			// which its fix cannot reach (under go vet, this pass sees
			// no other package's files).
			e := ast.Unparen(e)
			out = append(out, Site{Pos: e.Pos(), End: e.End(), Value: src.Value, Name: cmp.Or(src.Name, types.ExprString(e)), Foreign: true, Where: src.Where})
			continue
		}
		if src.Expr == nil {
			continue // a parameter of an exported function: see Walks
		}
		v, exact := code.IntValue(w.info, src.Expr)
		if !exact {
			continue
		}
		s := w.constSite(src.Expr, v, 0)
		if s.Name == "" {
			s.Name = src.Name
		}
		out = append(out, s)
	}
	return out
}

// astSites traces e with the syntax index of package flow. It returns
// nothing when any source of e is not visible (a flag, a computation, a
// variable whose address is taken).
func (w *walker) astSites(e ast.Expr, depth int) []Site {
	if e == nil || depth > flow.MaxDepth {
		return nil
	}
	e = ast.Unparen(e)
	// LIMIT pageSize+1 asks for one row more to see whether another page
	// follows: the page size is pageSize.
	if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.ADD || b.Op == token.SUB) && w.isConst(b.Y, 1) {
		return w.astSites(b.X, depth+1)
	}
	if tv, ok := w.info.Types[e]; ok && tv.Value != nil {
		v, exact := code.IntValue(w.info, e)
		if !exact {
			return nil
		}
		return []Site{w.constSite(e, v, 0)}
	}
	// int64(n), a conversion: the value of n.
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := w.info.Types[call.Fun]; ok && tv.IsType() {
			return w.astSites(call.Args[0], depth+1)
		}
		return nil
	}
	v, ok := w.flow.ObjectOf(e).(*types.Var)
	if !ok {
		return nil
	}
	if p, isParam := w.flow.Params[v]; isParam {
		// A parameter: the constants its function is called with in this
		// package, each reported at its call site.
		if p.Func == nil || p.Variadic {
			return nil
		}
		var out []Site
		for _, call := range w.flow.Calls[p.Func] {
			if p.Index < len(call.Args) && !call.Ellipsis.IsValid() {
				out = append(out, w.astSites(call.Args[p.Index], depth+1)...)
			}
		}
		return out
	}
	if w.flow.Escaped[v] {
		return nil
	}
	var out []Site
	for _, wr := range w.flow.Writes[v] {
		if wr.Value == nil || wr.Tuple || (wr.Op != token.DEFINE && wr.Op != token.ASSIGN) {
			return nil // n *= 2, n++: not a constant any more
		}
		for _, s := range w.astSites(wr.Value, depth+1) {
			if s.Name == "" {
				s.Name = v.Name()
			}
			out = append(out, s)
		}
	}
	return out
}

// constSite returns the site of a constant expression: the declaration of
// a constant of this package, the use of another package's constant, or
// the expression itself.
func (w *walker) constSite(e ast.Expr, v int64, depth int) Site {
	// int64(pageSize), Rows(250_000): the size is written in the operand,
	// and a fix that edits the operand keeps the conversion's type.
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 && depth < flow.MaxDepth {
		if tv, ok := w.info.Types[call.Fun]; ok && tv.IsType() {
			return w.constSite(ast.Unparen(call.Args[0]), v, depth+1)
		}
	}
	if c := w.flow.ConstOf(e); c != nil {
		if c.Pkg() != w.pkg {
			return Site{Pos: e.Pos(), End: e.End(), Value: v, Name: types.ExprString(e), Foreign: true, Decl: c.Pos()}
		}
		if w.grouped(c) {
			// const ( small = (iota+1) * 100_000; large ): no literal
			// is large's own.
			return Site{Pos: e.Pos(), End: e.End(), Value: v, Name: c.Name(), Grouped: true, Decl: c.Pos()}
		}
		if decl := w.flow.ConstValues[c]; decl != nil && depth < flow.MaxDepth {
			// const pageSize = base: report where the digits are.
			s := w.constSite(ast.Unparen(decl), v, depth+1)
			if s.Name == "" {
				s.Name = c.Name()
			}
			return s
		}
		return Site{Pos: e.Pos(), End: e.End(), Value: v, Name: c.Name()}
	}
	s := Site{Pos: e.Pos(), End: e.End(), Value: v, Fixable: true}
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.INT {
		s.Literal = lit.Value
	}
	return s
}

// grouped reports whether the constant c of this package is declared
// in a const group without a literal of its own: its expression
// mentions iota, it repeats the expression of a constant before it
// (an implicit repetition), or a constant after it repeats its
// expression.
func (w *walker) grouped(c *types.Const) bool {
	cur, ok := w.root.FindByPos(c.Pos(), c.Pos()+token.Pos(len(c.Name())))
	if !ok {
		return false
	}
	spec, ok := cur.Parent().Node().(*ast.ValueSpec)
	if !ok {
		return false
	}
	decl, ok := cur.Parent().Parent().Node().(*ast.GenDecl)
	if !ok || decl.Tok != token.CONST {
		return false
	}
	if len(spec.Values) == 0 {
		return true
	}
	iota := false
	for _, v := range spec.Values {
		ast.Inspect(v, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if _, ok := w.info.Uses[id].(*types.Const); ok && id.Name == "iota" && w.info.Uses[id].Pkg() == nil {
					iota = true
				}
			}
			return !iota
		})
	}
	if iota {
		return true
	}
	// const ( a = 100_000; b ): b repeats a's expression.
	i := slices.Index(decl.Specs, ast.Spec(spec))
	return i >= 0 && i+1 < len(decl.Specs) && len(decl.Specs[i+1].(*ast.ValueSpec).Values) == 0
}
