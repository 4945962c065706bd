package pagewalk

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/passes/internal/flow"
	"github.com/rowalign/rowalign/passes/scope"
	"github.com/rowalign/rowalign/passes/sqltext"
)

type walker struct {
	pass  *analysis.Pass
	info  *types.Info
	flow  *flow.Index
	scope *scope.Result
	sql   *sqltext.Result
}

func run(pass *analysis.Pass, scopeA, sqltextA *analysis.Analyzer) (any, error) {
	res := &Result{}
	sc := pass.ResultOf[scopeA].(*scope.Result)
	if !sc.InScope {
		return res, nil
	}
	st := pass.ResultOf[sqltextA].(*sqltext.Result)
	w := &walker{pass: pass, info: pass.TypesInfo, flow: st.Flow, scope: sc, sql: st}
	res.Flow = st.Flow
	res.Queries = st.Queries
	for _, q := range st.Queries {
		if sc.Foreign(q.Recv) != "" {
			continue
		}
		if walk := w.queryWalk(q); walk != nil {
			res.Walks = append(res.Walks, walk)
		}
	}
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range insp.Root().Preorder((*ast.CallExpr)(nil)) {
		if walk := w.batch(cur); walk != nil {
			res.Walks = append(res.Walks, walk)
		}
		if a := w.appendLoop(cur); a != nil {
			res.Appends = append(res.Appends, a)
		}
	}
	return res, nil
}

// queryWalk returns the walk q runs in, or nil if q is not run page by
// page.
func (w *walker) queryWalk(q *sqltext.Query) *Walk {
	s := q.Shape
	var walk *Walk
	switch {
	case s.Limit != nil && s.Offset != nil:
		off := q.Arg(s.Offset)
		loop := w.walkingLoop(q.Cursor, off)
		if loop == nil {
			return nil
		}
		walk = &Walk{Strategy: OffsetLimit, Query: q, Loop: loop, Size: q.Arg(s.Limit)}
		walk.Sites = w.operandSites(q, s.Limit)
		walk.Strides = w.strideSites(off, loop)
	case s.RowidLo != nil && s.RowidHi != nil:
		lo := q.Arg(s.RowidLo)
		loop := w.walkingLoop(q.Cursor, lo)
		if loop == nil {
			return nil
		}
		walk = &Walk{Strategy: RowidRange, Query: q, Loop: loop}
		walk.Size = w.rangeSize(lo, q.Arg(s.RowidHi), s.HiInclusive, loop)
		if walk.Size != nil {
			walk.Sites = w.sites(walk.Size, 0)
		}
		walk.Strides = w.strideSites(lo, loop)
	case s.Limit != nil && s.Keyset != nil:
		loop := w.keysetLoop(q.Cursor, q.Arg(s.Keyset))
		if loop == nil {
			return nil
		}
		walk = &Walk{Strategy: Keyset, Query: q, Loop: loop, Size: q.Arg(s.Limit)}
		walk.Sites = w.operandSites(q, s.Limit)
	default:
		return nil
	}
	if s.Kind == sqltext.Insert || s.Kind == sqltext.Create {
		walk.Write, walk.Commit = true, q.Call
	} else if c := w.commitIn(walk.Loop); c != nil {
		walk.Write, walk.Commit = true, c
	}
	return walk
}

// walkingLoop returns the innermost loop around cur in the same function
// (function literals included: a transaction helper's callback runs in
// the loop that calls it) in which the position expression pos advances.
func (w *walker) walkingLoop(cur inspector.Cursor, pos ast.Expr) ast.Node {
	if pos == nil {
		return nil // OFFSET 0, or an argument passed as args...
	}
	for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil)) {
		switch loop := c.Node().(type) {
		case *ast.FuncDecl:
			return nil
		case *ast.ForStmt, *ast.RangeStmt:
			if w.advances(pos, loop, 0) {
				return loop
			}
		}
	}
	return nil
}

// keysetLoop returns the innermost loop around cur that writes the last
// key seen, key: last = id, or rows.Scan(&last).
func (w *walker) keysetLoop(cur inspector.Cursor, key ast.Expr) ast.Node {
	obj := w.flow.ObjectOf(key)
	if obj == nil {
		return nil
	}
	for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil)) {
		loop := c.Node()
		if _, ok := loop.(*ast.FuncDecl); ok {
			return nil
		}
		for _, wr := range w.flow.Writes[obj] {
			if within(wr.Node, loop) && wr.Op != token.DEFINE {
				return loop
			}
		}
		for _, n := range w.flow.AddrTaken[obj] {
			if within(n, loop) {
				return loop
			}
		}
	}
	return nil
}

// maxDepth bounds how many definitions advances and sites follow.
const maxDepth = 6

// advances reports whether the value of e moves on from one iteration of
// loop to the next: it depends on a loop counter (i++, range over an int,
// a slice index) or on a variable advanced from its own value (off += n,
// off = next where next := off + got). A value taken from a request or a
// parameter does not advance, so a page served per request is no walk.
func (w *walker) advances(e ast.Expr, loop ast.Node, depth int) bool {
	if depth > maxDepth {
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
			continue
		}
		switch wr.Op {
		case token.INC, token.ADD_ASSIGN:
			return true
		case token.RANGE:
			rs := wr.Node.(*ast.RangeStmt)
			if !flow.IsInteger(v.Type()) {
				continue
			}
			switch t := w.info.TypeOf(rs.X).Underlying().(type) {
			case *types.Basic, *types.Slice, *types.Array, *types.Signature:
				return true
			case *types.Pointer:
				_, arr := t.Elem().Underlying().(*types.Array)
				return arr
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
	if depth > maxDepth {
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

// strideSites returns the constants a walk's position advances by in
// loop, where the page size is written a second time: off += 250000,
// off = off + 250000, next := off + 250000, page*250000. A fix that
// changed the page size alone would make pages overlap or skip rows.
func (w *walker) strideSites(pos ast.Expr, loop ast.Node) []Site {
	var out []Site
	var visit func(e ast.Expr, depth int)
	visit = func(e ast.Expr, depth int) {
		if e == nil || depth > maxDepth {
			return
		}
		e = ast.Unparen(e)
		if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.MUL || b.Op == token.ADD) {
			// page*n, off+n: the operand that does not advance is the step.
			for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				if w.advances(pair[0], loop, 0) && !w.advances(pair[1], loop, 0) {
					out = append(out, w.sites(pair[1], 0)...)
					visit(pair[0], depth+1)
				}
			}
			return
		}
		obj := w.flow.ObjectOf(e)
		if obj == nil {
			return
		}
		for _, wr := range w.flow.Writes[obj] {
			if !within(wr.Node, loop) || wr.Value == nil || wr.Tuple {
				continue
			}
			switch wr.Op {
			case token.ADD_ASSIGN:
				out = append(out, w.sites(wr.Value, 0)...)
			case token.ASSIGN, token.DEFINE:
				if v := wr.Value; !w.isConstExpr(v) {
					visit(v, depth+1)
				}
			}
		}
	}
	visit(pos, 0)
	return out
}

func (w *walker) isConstExpr(e ast.Expr) bool {
	tv, ok := w.info.Types[e]
	return ok && tv.Value != nil
}

// rangeSize returns the page size of a rowid range [lo, hi): n in
// hi = lo + n (hi = lo + n - 1 for BETWEEN and <=), or the step lo
// advances by.
func (w *walker) rangeSize(lo, hi ast.Expr, inclusive bool, loop ast.Node) ast.Expr {
	if lo == nil || hi == nil {
		return nil
	}
	hi = w.definition(hi, loop)
	if inclusive {
		if b, ok := ast.Unparen(hi).(*ast.BinaryExpr); ok && b.Op == token.SUB && w.isConst(b.Y, 1) {
			hi = b.X
		}
	}
	if b, ok := ast.Unparen(hi).(*ast.BinaryExpr); ok && b.Op == token.ADD {
		switch {
		case w.same(b.X, lo, loop):
			return b.Y
		case w.same(b.Y, lo, loop):
			return b.X
		}
	}
	if obj := w.flow.ObjectOf(lo); obj != nil {
		for _, wr := range w.flow.Writes[obj] {
			if wr.Op == token.ADD_ASSIGN && within(wr.Node, loop) {
				return wr.Value
			}
		}
	}
	return nil
}

// definition looks through a variable defined once inside loop (hi :=
// lo + n) to its value.
func (w *walker) definition(e ast.Expr, loop ast.Node) ast.Expr {
	obj := w.flow.ObjectOf(e)
	if obj == nil {
		return e
	}
	ws := w.flow.Writes[obj]
	if len(ws) == 1 && ws[0].Op == token.DEFINE && ws[0].Value != nil && within(ws[0].Node, loop) {
		return ws[0].Value
	}
	return e
}

// same reports whether a and b denote the same variable, looking through
// a definition inside loop.
func (w *walker) same(a, b ast.Expr, loop ast.Node) bool {
	a, b = ast.Unparen(w.definition(a, loop)), ast.Unparen(w.definition(b, loop))
	oa, ob := w.flow.ObjectOf(a), w.flow.ObjectOf(b)
	if oa != nil || ob != nil {
		return oa == ob
	}
	return types.ExprString(a) == types.ExprString(b)
}

func (w *walker) isConst(e ast.Expr, want int64) bool {
	v, ok := flow.IntValue(w.info, e)
	return ok && v == want
}

// commitIn returns a commit into DuckDB inside loop: tx.Commit on a
// transaction not opened on another engine.
func (w *walker) commitIn(loop ast.Node) ast.Node {
	var found ast.Node
	ast.Inspect(loop, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && found == nil && w.isTxCommit(call) {
			found = call
		}
		return found == nil
	})
	return found
}

func (w *walker) isTxCommit(call *ast.CallExpr) bool {
	fn := w.flow.Callee(call)
	if fn == nil || fn.Name() != "Commit" || !isNamed(recvType(fn), "database/sql", "Tx") {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && w.scope.Foreign(sel.X) == ""
}

// appendLoop returns the Append of an AppendRow call inside a loop.
func (w *walker) appendLoop(cur inspector.Cursor) *Append {
	call := cur.Node().(*ast.CallExpr)
	if !w.isAppenderMethod(call, "AppendRow") {
		return nil
	}
	for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return &Append{Call: call, Loop: n, InTx: w.opensTransaction(cur), Trips: w.trips(n)}
		default:
			return nil // one row per call of the function: not a bulk loop here
		}
	}
	return nil
}

// trips returns the most iterations loop can run, when its source says:
// range over a constant, an array, a slice or map literal (directly or
// through a variable assigned once), or make with a constant length; for
// i := a; i < n (or <=) with constants. Otherwise -1.
func (w *walker) trips(loop ast.Node) int64 {
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if v, ok := w.constInt(l.X); ok {
			return v
		}
		if t, ok := w.info.TypeOf(l.X).Underlying().(*types.Array); ok {
			return t.Len()
		}
		x := ast.Unparen(l.X)
		if obj := w.flow.ObjectOf(x); obj != nil {
			if v := w.flow.SingleValue(obj); v != nil {
				x = ast.Unparen(v)
			}
		}
		switch x := x.(type) {
		case *ast.CompositeLit:
			return int64(len(x.Elts))
		case *ast.CallExpr:
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "make" && len(x.Args) >= 2 {
				if v, ok := w.constInt(x.Args[1]); ok {
					return v
				}
			}
		}
	case *ast.ForStmt:
		cond, ok := l.Cond.(*ast.BinaryExpr)
		if !ok || (cond.Op != token.LSS && cond.Op != token.LEQ) {
			return -1
		}
		hi, ok := w.constInt(cond.Y)
		if !ok {
			return -1
		}
		lo := int64(0)
		if init, ok := l.Init.(*ast.AssignStmt); ok && len(init.Rhs) == 1 {
			if v, ok := w.constInt(init.Rhs[0]); ok {
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

// constInt returns the value of a constant integer expression, or of a
// variable assigned a constant once.
func (w *walker) constInt(e ast.Expr) (int64, bool) {
	if v, ok := flow.IntValue(w.info, e); ok {
		return v, true
	}
	if obj := w.flow.ObjectOf(e); obj != nil {
		if v := w.flow.SingleValue(obj); v != nil {
			return flow.IntValue(w.info, v)
		}
	}
	return 0, false
}

func (w *walker) isAppenderFlush(call *ast.CallExpr) bool {
	return w.isAppenderMethod(call, "Flush")
}

func (w *walker) isAppenderMethod(call *ast.CallExpr, name string) bool {
	fn := w.flow.Callee(call)
	if fn == nil || fn.Name() != name {
		return false
	}
	t := recvType(fn)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "Appender" && n.Obj().Pkg() != nil && scope.IsDriverPath(n.Obj().Pkg().Path())
}

// batch returns the commit loop a commit call (tx.Commit, Appender Flush)
// belongs to when it runs under a size condition inside a loop:
//
//	for rows.Next() {
//		...
//		if n%batchSize == 0 { tx.Commit() ... }
//	}
func (w *walker) batch(cur inspector.Cursor) *Walk {
	call := cur.Node().(*ast.CallExpr)
	appender := w.isAppenderFlush(call)
	if !appender && !w.isTxCommit(call) {
		return nil
	}
	var size ast.Expr
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.IfStmt:
			if size == nil && within(call, n.Body) {
				size = w.batchSize(n.Cond)
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if size == nil {
				return nil // committed every iteration: a walk, if anything
			}
			walk := &Walk{Strategy: Batch, Loop: n, Write: true, Commit: call, Appender: appender, Size: size}
			walk.InTx = appender && w.opensTransaction(cur)
			walk.Sites = w.sites(size, 0)
			return walk
		default:
			return nil
		}
	}
	return nil
}

// batchSize returns N in a batch condition: n%N == 0, n >= N, n == N,
// n > N, len(b) >= N (either operand order), or nil.
func (w *walker) batchSize(cond ast.Expr) ast.Expr {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	if b.Op == token.LAND || b.Op == token.LOR {
		// n >= min && n%N == 0: the modulus is the batch, the bound a guard.
		for _, side := range []ast.Expr{b.X, b.Y} {
			if n := w.modulus(side); n != nil {
				return n
			}
		}
		if n := w.batchSize(b.X); n != nil {
			return n
		}
		return w.batchSize(b.Y)
	}
	if n := w.modulus(b); n != nil {
		return n
	}
	switch b.Op {
	case token.EQL:
		if w.isCount(b.X) && flow.IsInteger(w.info.TypeOf(b.Y)) {
			return b.Y
		}
		if w.isCount(b.Y) && flow.IsInteger(w.info.TypeOf(b.X)) {
			return b.X
		}
	case token.GEQ, token.GTR:
		if w.isCount(b.X) && flow.IsInteger(w.info.TypeOf(b.Y)) {
			return b.Y
		}
	case token.LEQ, token.LSS:
		if w.isCount(b.Y) && flow.IsInteger(w.info.TypeOf(b.X)) {
			return b.X
		}
	}
	return nil
}

// modulus returns N in n%N == 0 (either order), or nil.
func (w *walker) modulus(cond ast.Expr) ast.Expr {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return nil
	}
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if rem, ok := ast.Unparen(pair[0]).(*ast.BinaryExpr); ok && rem.Op == token.REM && w.isConst(pair[1], 0) {
			return rem.Y
		}
	}
	return nil
}

// isCount reports whether e counts rows: len(x) or a non-constant
// variable of a plain integer type (a time.Duration or a byte count type
// counts something else).
func (w *walker) isCount(e ast.Expr) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		return ok && id.Name == "len" && w.info.Uses[id] == types.Universe.Lookup("len")
	}
	if tv, ok := w.info.Types[e]; ok && tv.Value != nil {
		return false
	}
	_, isVar := w.flow.ObjectOf(e).(*types.Var)
	_, basic := w.info.TypeOf(e).(*types.Basic)
	return isVar && basic && flow.IsInteger(w.info.TypeOf(e))
}

// opensTransaction reports whether the function around cur runs BEGIN (or
// BEGIN TRANSACTION, START TRANSACTION) before cur: an Appender flushing
// inside a transaction commits nothing.
func (w *walker) opensTransaction(cur inspector.Cursor) bool {
	var fn ast.Node
	for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		fn = c.Node()
	}
	if fn == nil {
		return false
	}
	for _, q := range w.sql.Queries {
		if within(q.Call, fn) && q.Call.Pos() < cur.Node().Pos() {
			if toks := sqltext.Lex(q.Text); len(toks) > 0 && toks[0].Kind == sqltext.Word && (toks[0].Text == "BEGIN" || toks[0].Text == "START") {
				return true
			}
		}
	}
	return false
}

func within(n, outer ast.Node) bool {
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

func recvType(fn *types.Func) types.Type {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	return sig.Recv().Type()
}

func isNamed(t types.Type, pkg, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}
