package pagewalk

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
)

// maxHops bounds how many function boundaries or channel sends a
// position is followed across on its way to the loop that walks: a page
// helper called by a walk is one hop, a helper of a helper two, a
// worker's closure started by a function called in a loop three. Deeper
// chains did not appear in the issue 10 corpus; past them the answer is
// "no walk".
const maxHops = 3

// maxReaches bounds how many walking call sites one query collects, so a
// helper called from hundreds of places costs no more than this.
const maxReaches = 16

// A reach is a loop in which a query's position advances, possibly in
// another function than the query's: the caller of a page helper, the
// loop that starts a worker or feeds its channel.
type reach struct {
	loop ast.Node
	// pos is the position as written in loop's function.
	pos ast.Expr
	// chain are the hops from the query's function out to loop's.
	chain []hop
	// step is, for a walk written as a recursive function (loop is its
	// *ast.FuncDecl), the argument of the call in which it calls itself
	// with the next position: off+pageSize.
	step ast.Expr
}

// A hop carries expressions one step out of the function running a query:
// through a call of that function (a parameter becomes the argument) or
// through a send on the channel its loop receives from (the received
// value becomes the value sent).
type hop struct {
	w *walker
	// inner is the function (*ast.FuncDecl or *ast.FuncLit) the
	// expressions are written in before the hop.
	inner ast.Node
	// at is the call or send, in the outer function.
	at inspector.Cursor
	// call and params for a call: the parameters of inner's function.
	call   *ast.CallExpr
	params *ast.FieldList
	// recv is the variable the query's loop receives into, send the send
	// that feeds it.
	recv *types.Var
	send *ast.SendStmt
}

// call returns the call or send in loop's function through which r
// reaches a named function of the package (a helper that other paths
// may call for one page), or nil when every hop is a function literal's
// (a closure or worker only this loop runs) or there is no hop.
func (r reach) call() ast.Node {
	if len(r.chain) == 0 {
		return nil
	}
	for _, h := range r.chain {
		if _, named := h.inner.(*ast.FuncDecl); named && h.call != nil {
			return r.chain[len(r.chain)-1].at.Node()
		}
	}
	return nil
}

// through marks sites as found through r's call.
func through(sites []Site, r reach) []Site {
	if c := r.call(); c != nil {
		for i := range sites {
			sites[i].via = c
		}
	}
	return sites
}

// addCall appends the call r reaches its helper through to calls, once.
func addCall(calls []ast.Node, r reach) []ast.Node {
	c := r.call()
	if c == nil || slices.Contains(calls, c) {
		return calls
	}
	return append(calls, c)
}

// out translates an expression of the query's function into loop's.
func (r reach) out(e ast.Expr) ast.Expr {
	for _, h := range r.chain {
		if e == nil {
			return nil
		}
		e = h.w.bind(h, e, false)
	}
	return e
}

// reaches returns the loops in which pos, the position of the query at
// cur, advances: the innermost such loop of the query's own function, or
// else the loops around the calls of that function (or of the closure it
// is in) and around the sends on the channel the position is received
// from, where the argument or the value sent advances.
func (w *walker) reaches(cur inspector.Cursor, pos ast.Expr) []reach {
	var out []reach
	w.reachFrom(cur, pos, nil, &out)
	return out
}

func (w *walker) reachFrom(cur inspector.Cursor, pos ast.Expr, chain []hop, out *[]reach) {
	if pos == nil || len(*out) >= maxReaches {
		return
	}
	if loop := w.walkingLoop(cur, pos); loop != nil {
		*out = append(*out, reach{loop: loop, pos: pos, chain: chain})
		return
	}
	if fn, step := w.recursion(cur, pos); fn != nil {
		*out = append(*out, reach{loop: fn, pos: pos, chain: chain, step: step})
		return
	}
	if len(chain) >= maxHops {
		return
	}
	for _, h := range w.hops(cur, pos) {
		if next := w.bind(h, pos, true); next != nil {
			w.reachFrom(h.at, next, append(slices.Clip(chain), h), out)
		}
	}
}

// hops returns the ways out of the function running cur for pos: the
// sends on the channel pos is received from, or else the calls of the
// function.
func (w *walker) hops(cur inspector.Cursor, pos ast.Expr) []hop {
	if hs := w.sendHops(cur, pos); hs != nil {
		return hs
	}
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch fn := c.Node().(type) {
		case *ast.FuncDecl:
			obj, _ := w.info.Defs[fn.Name].(*types.Func)
			if obj == nil {
				return nil
			}
			return w.callHops(fn, fn.Type.Params, w.flow.Calls[obj])
		case *ast.FuncLit:
			return w.litHops(c, fn)
		}
	}
	return nil
}

// callHops returns a hop through each call of the function inner.
func (w *walker) callHops(inner ast.Node, params *ast.FieldList, calls []*ast.CallExpr) []hop {
	var out []hop
	for _, call := range calls {
		if at, ok := w.cursorOf(call); ok {
			out = append(out, hop{w: w, inner: inner, at: at, call: call, params: params})
		}
	}
	return out
}

// litHops returns the hops out of a function literal: the literal called
// where it is written (go func(lo int) {...}(w*shard)), the calls of the
// variable holding it (fetch := func(off int) error {...}), or the call it
// is passed to (g.Go(func() error {...})), where only the variables it
// captures keep their meaning.
func (w *walker) litHops(c inspector.Cursor, lit *ast.FuncLit) []hop {
	parent := c.Parent()
	switch p := parent.Node().(type) {
	case *ast.CallExpr:
		if ast.Unparen(p.Fun) == lit {
			return []hop{{w: w, inner: lit, at: parent, call: p, params: lit.Type.Params}}
		}
		return []hop{{w: w, inner: lit, at: parent}}
	case *ast.AssignStmt:
		if len(p.Lhs) != len(p.Rhs) {
			return nil
		}
		for i, rhs := range p.Rhs {
			if rhs == lit {
				return w.varLitHops(p.Lhs[i], lit)
			}
		}
	case *ast.ValueSpec:
		for i, v := range p.Values {
			if v == lit && len(p.Names) == len(p.Values) {
				return w.varLitHops(p.Names[i], lit)
			}
		}
	}
	return nil
}

// varLitHops returns a hop through each call of the variable id when it
// holds lit and nothing else.
func (w *walker) varLitHops(id ast.Expr, lit *ast.FuncLit) []hop {
	v, ok := w.flow.ObjectOf(id).(*types.Var)
	if !ok || w.flow.SingleValue(v) != lit {
		return nil
	}
	return w.callHops(lit, lit.Type.Params, w.flow.VarCalls[v])
}

// sendHops returns a hop through each send on the channel pos is received
// from (for sp := range jobs, or off := <-offsets), nil when pos is not
// received from a channel.
func (w *walker) sendHops(cur inspector.Cursor, pos ast.Expr) []hop {
	v := w.rootVar(pos)
	if v == nil {
		return nil
	}
	var ch ast.Expr
	for _, wr := range w.flow.Writes[v] {
		switch wr.Op {
		case token.RANGE:
			rs := wr.Node.(*ast.RangeStmt)
			if _, ok := code.Underlying(w.info, rs.X).(*types.Chan); ok && w.flow.ObjectOf(rs.Key) == v {
				ch = rs.X
			}
		case token.DEFINE, token.ASSIGN:
			if u, ok := ast.Unparen(wr.Value).(*ast.UnaryExpr); ok && u.Op == token.ARROW && wr.Index == 0 {
				ch = u.X
			}
		}
	}
	if ch == nil {
		return nil
	}
	chans := w.channelObjects(ch)
	if len(chans) == 0 {
		return nil
	}
	var inner ast.Node
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		inner = c.Node()
		break
	}
	var out []hop
	for at := range w.root.Preorder((*ast.SendStmt)(nil)) {
		send := at.Node().(*ast.SendStmt)
		if obj := w.flow.ObjectOf(send.Chan); obj != nil && slices.Contains(chans, obj) {
			out = append(out, hop{w: w, inner: inner, at: at, recv: v, send: send})
		}
	}
	if out == nil {
		return []hop{} // received from a channel no one here sends on: no other way out
	}
	return out
}

// channelObjects returns the variables or fields the channel ch may be:
// itself, and, when it is a parameter of a function declared in the
// package, the variables passed for it (go worker(ctx, jobs)).
func (w *walker) channelObjects(ch ast.Expr) []types.Object {
	obj := w.flow.ObjectOf(ch)
	if obj == nil {
		return nil
	}
	out := []types.Object{obj}
	v, _ := obj.(*types.Var)
	if p, ok := w.flow.Params[v]; ok && p.Func != nil && !p.Variadic {
		for _, call := range w.flow.Calls[p.Func] {
			if p.Index < len(call.Args) {
				if a := w.flow.ObjectOf(call.Args[p.Index]); a != nil {
					out = append(out, a)
				}
			}
		}
	}
	return out
}

// bind translates e across the hop: a parameter of the called function
// becomes its argument, the value received becomes the value sent, a
// field of either becomes the field's value in a composite literal.
// Other expressions (captured variables, constants) keep their meaning.
// When e names a parameter or the value received but the field cannot be
// told apart (a struct built elsewhere), loose returns the whole argument
// (the position comes from it: a request's value, or a counter) and
// strict returns nil.
func (w *walker) bind(h hop, e ast.Expr, loose bool) ast.Expr {
	return w.bindDepth(h, e, loose, 0)
}

func (w *walker) bindDepth(h hop, e ast.Expr, loose bool, depth int) ast.Expr {
	e = ast.Unparen(e)
	if loose && depth < flow.MaxDepth {
		if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.MUL || b.Op == token.ADD) {
			// fetch(page) running OFFSET page*size: the position moves
			// when the one operand that crosses the hop does.
			x, y := w.bindDepth(h, b.X, true, depth+1), w.bindDepth(h, b.Y, true, depth+1)
			switch xin, yin := x == ast.Unparen(b.X), y == ast.Unparen(b.Y); {
			case !xin && yin:
				return x
			case xin && !yin:
				return y
			}
			return e
		}
		if id, ok := e.(*ast.Ident); ok && h.inner != nil {
			// off := page * size inside the helper: look through it.
			if v, ok := w.info.Uses[id].(*types.Var); ok && h.inner.Pos() < v.Pos() && v.Pos() < h.inner.End() {
				if val := w.flow.SingleValue(v); val != nil {
					if out := w.bindDepth(h, val, true, depth+1); out != ast.Unparen(val) {
						return out
					}
				}
			}
		}
	}
	root, field := e, (*ast.Ident)(nil)
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if s, ok := w.info.Selections[sel]; ok && s.Kind() == types.FieldVal {
			root, field = ast.Unparen(sel.X), sel.Sel
		}
	}
	id, ok := root.(*ast.Ident)
	if !ok {
		return e
	}
	v, _ := w.info.Uses[id].(*types.Var)
	if v == nil {
		return e
	}
	var val ast.Expr
	switch {
	case h.send != nil:
		if v != h.recv {
			return e
		}
		val = h.send.Value
	case h.call != nil:
		i := code.ParamIndex(h.params, v)
		if i < 0 {
			return e
		}
		if h.call.Ellipsis.IsValid() || i >= len(h.call.Args) {
			return nil
		}
		val = h.call.Args[i]
	default:
		return e
	}
	if field == nil {
		return val
	}
	if f := w.fieldOf(val, field.Name); f != nil {
		return f
	}
	if loose {
		return val
	}
	return nil
}

// fieldOf returns the value of the field name in the composite literal e
// (span{lo, hi}, &span{lo: a, hi: b}), or nil.
func (w *walker) fieldOf(e ast.Expr, name string) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	st, ok := code.Underlying(w.info, lit).(*types.Struct)
	if !ok {
		return nil
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == name {
				return kv.Value
			}
			continue
		}
		if i < st.NumFields() && st.Field(i).Name() == name {
			return elt
		}
	}
	return nil
}

// rootVar returns the variable e is or selects a field of (off, sp.lo).
func (w *walker) rootVar(e ast.Expr) *types.Var {
	id := rootIdent(e)
	if id == nil {
		return nil
	}
	v, _ := w.info.Uses[id].(*types.Var)
	return v
}

func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// cursorOf returns the cursor of n in the package's syntax.
func (w *walker) cursorOf(n ast.Node) (inspector.Cursor, bool) {
	return w.root.FindNode(n)
}

// reachRangeSize returns the page size of a rowid range [lo, hi) walked
// by r: found in the query's function (hi := lo + n), or in the first
// function out along r where lo and hi are written (readRange(ctx, db,
// lo, lo+n)), translated into the loop's function.
func (w *walker) reachRangeSize(r reach, lo, hi ast.Expr, inclusive bool) ast.Expr {
	for i := 0; i <= len(r.chain); i++ {
		scope := r.loop
		if i < len(r.chain) {
			scope = r.chain[i].inner
		}
		if scope == nil || lo == nil || hi == nil {
			return nil
		}
		if size := w.rangeSize(lo, hi, inclusive, scope); size != nil {
			for _, h := range r.chain[i:] {
				if size = w.bind(h, size, false); size == nil {
					return nil
				}
			}
			return size
		}
		if i < len(r.chain) {
			lo, hi = w.bind(r.chain[i], lo, false), w.bind(r.chain[i], hi, false)
		}
	}
	return w.yieldRangeSize(lo, hi, inclusive)
}

// addSites appends the sites the i-th reach of a walk found: all of them
// for the first, those not found yet for the others (two callers of one
// page helper may pass the same constant).
func addSites(i int, sites, more []Site) []Site {
	if i == 0 {
		return append(sites, more...)
	}
	for _, s := range more {
		if !slices.ContainsFunc(sites, func(t Site) bool { return t.Pos == s.Pos && t.End == s.End }) {
			sites = append(sites, s)
		}
	}
	return sites
}

// hopStrides returns the constants the position pos of the query's
// function is computed with from what crosses r's hops: 50_000 in
// off := n * 50_000 inside a helper called with a page number. A fix of
// the page size must change them too (strideSites finds those of the
// loop's own function).
func (w *walker) hopStrides(r reach, pos ast.Expr) []Site {
	var out []Site
	for _, h := range r.chain {
		if pos == nil {
			break
		}
		out = append(out, w.crossingStrides(h, pos, 0)...)
		pos = w.bind(h, pos, true)
	}
	return out
}

func (w *walker) crossingStrides(h hop, e ast.Expr, depth int) []Site {
	if depth >= flow.MaxDepth {
		return nil
	}
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op != token.MUL && e.Op != token.ADD {
			return nil
		}
		xin := w.bind(h, e.X, true) == ast.Unparen(e.X)
		yin := w.bind(h, e.Y, true) == ast.Unparen(e.Y)
		switch {
		case !xin && yin:
			return append(w.crossingStrides(h, e.X, depth+1), w.sites(e.Y, 0)...)
		case xin && !yin:
			return append(w.crossingStrides(h, e.Y, depth+1), w.sites(e.X, 0)...)
		}
	case *ast.Ident:
		if v, ok := w.info.Uses[e].(*types.Var); ok && h.inner != nil && h.inner.Pos() < v.Pos() && v.Pos() < h.inner.End() {
			if val := w.flow.SingleValue(v); val != nil {
				return w.crossingStrides(h, val, depth+1)
			}
		}
	}
	return nil
}

// recursion returns the function declaration around cur when it walks
// by calling itself with the next position: pos is its parameter, and a
// call of the function in its own body passes an argument for it that
// is computed from it (exportFrom(ctx, db, off+pageSize)); step is that
// argument. A recursive call that passes the parameter unchanged, or a
// value that does not come from it, is no walk.
func (w *walker) recursion(cur inspector.Cursor, pos ast.Expr) (fn *ast.FuncDecl, step ast.Expr) {
	v, ok := w.flow.ObjectOf(pos).(*types.Var)
	if !ok {
		return nil, nil
	}
	p, ok := w.flow.Params[v]
	if !ok || p.Func == nil || p.Variadic {
		return nil, nil
	}
	decl := w.FuncAt(cur.Node().Pos())
	if decl == nil || w.info.Defs[decl.Name] != p.Func {
		return nil, nil
	}
	for _, call := range w.flow.Calls[p.Func] {
		if !within(call, decl) || p.Index >= len(call.Args) || call.Ellipsis.IsValid() {
			continue
		}
		arg := ast.Unparen(call.Args[p.Index])
		if w.flow.ObjectOf(arg) == v {
			continue // the same position again
		}
		if w.mentions(arg, v, decl, 0) {
			return decl, arg
		}
	}
	return nil, nil
}

// stepSites returns the constants a recursive walk's position advances
// by: pageSize in exportFrom(ctx, db, off+pageSize), where the page size
// is written a second time.
func (w *walker) stepSites(r reach) []Site {
	b, ok := ast.Unparen(r.step).(*ast.BinaryExpr)
	if !ok || b.Op != token.ADD {
		return nil
	}
	v, _ := w.flow.ObjectOf(r.pos).(*types.Var)
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if v != nil && w.mentions(pair[0], v, r.loop, 0) && !w.mentions(pair[1], v, r.loop, 0) {
			return w.sites(pair[1], 0)
		}
	}
	return nil
}
