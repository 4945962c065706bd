package pagewalk

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/appenders"
	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/handle"
	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
	"github.com/rowalign/rowalign/internal/analysis/ssaflow"
)

type walker struct {
	// Package holds the package's syntax, types, value index, Appender
	// index and queries, and the answers shared with the checks (tx.go).
	*Package
	ssa   *ssaflow.Program // built on the first size traced; nil: syntax only
	scope *scope.Result
	// yieldDepth counts the iterators being looked into (yield.go).
	yieldDepth int
}

// Find returns the walks and commit loops of a package in scope: sc is its scope, whose value index it reads; queries its queries
// (sqltext.Find); insp covers its syntax; prog traces sizes with SSA (nil:
// with the syntax index only); apps is the package's appenders.Index.
//
// With pass (nil: no facts), whose analyzer lists Walks among its
// FactTypes, Find also reports the walks this package's
// calls run through other packages' exported functions (their Walks
// facts), and exports Walks facts for its own exported functions.
func Find(pkg *types.Package, sc *scope.Result, queries []*sqltext.Query, insp *inspector.Inspector, prog *ssaflow.Program, apps *appenders.Index, pass *analysis.Pass) *Result {
	res := &Result{Queries: queries}
	if !sc.InScope && !sc.Shared || sc.Flow == nil {
		return res
	}
	p := &Package{pkg: pkg, info: sc.Flow.Info, flow: sc.Flow, apps: apps, queries: queries, root: insp.Root()}
	if pass != nil {
		p.fset = pass.Fset
	}
	for n := range insp.PreorderSeq((*ast.FuncDecl)(nil)) {
		p.funcs = append(p.funcs, n.(*ast.FuncDecl))
	}
	res.Package = p
	w := &walker{Package: p, ssa: prog, scope: sc}
	pageLoops := make(map[ast.Node]bool)
	var silent []*Walk
	for _, q := range queries {
		foreign, why := sc.Foreign(q.Recv), ""
		if foreign == "" {
			why = sc.Why(q.Recv) // a struct field's assignments
		}
		if foreign == "?" && scope.Evidence.SQL {
			// Syntax PostgreSQL and MySQL reject: the query runs on
			// DuckDB, whatever the handle.
			if m := sqltext.DuckDBOnly(q.Text); m != "" && (m != "rowid" || !sc.TalksTo("sqlite")) {
				foreign, why = "", "DuckDB judged from the SQL ("+m+")"
			}
		}
		walk := w.queryWalk(q)
		if walk == nil {
			continue
		}
		walk.recv, walk.Why = q.Recv, why
		if sc.Shared {
			// A helper package: its callers judge the handle.
			walk.silent = true
			silent = append(silent, walk)
			continue
		}
		if foreign == "" {
			res.Walks = append(res.Walks, walk)
			pageLoops[walk.loop] = true
			continue
		}
		// Another engine's walk whose pages are committed into DuckDB is
		// a copy into DuckDB; an unknown handle's walk may still be
		// DuckDB's through a caller (Walks facts).
		if c := w.foreignCopy(walk, foreign); c != nil {
			res.Walks = append(res.Walks, c)
			pageLoops[c.loop] = true
		} else if foreign == "?" && pass != nil && scope.Evidence.Callers {
			walk.silent = true
			silent = append(silent, walk)
		}
	}
	if pass != nil {
		walks, quiet := w.callerWalks(pass)
		if sc.Shared {
			for _, walk := range walks {
				walk.silent = true
			}
			w.exportFacts(pass, append(append(silent, walks...), quiet...))
			return res
		}
		res.Walks = append(res.Walks, walks...)
		silent = append(silent, quiet...)
		w.exportFacts(pass, append(slices.Clip(res.Walks), silent...))
	}
	if sc.Shared {
		return res
	}
	for cur := range insp.Root().Preorder((*ast.CallExpr)(nil)) {
		// A page walk committing every page is found once, as a walk.
		for _, walk := range w.batch(cur) {
			if !(walk.chunk && pageLoops[walk.loop]) {
				res.Walks = append(res.Walks, walk)
			}
		}
	}
	w.walks = res.Walks
	return res
}

// queryWalk returns the walk q runs in, or nil if q is not run page by
// page.
func (w *walker) queryWalk(q *sqltext.Query) *Walk {
	s := q.Shape
	var walk *Walk
	switch {
	case s.Limit != nil && s.Offset != nil:
		reaches := w.reaches(q.Cursor, q.Arg(s.Offset))
		if len(reaches) == 0 {
			return nil
		}
		walk = &Walk{Strategy: OffsetLimit, Query: q, loop: reaches[0].loop}
		for i, r := range reaches {
			limit := q.Arg(s.Limit)
			size := w.throughYield(r.out(limit))
			if i == 0 {
				walk.size = size
			}
			sites := w.operandSites(q, s.Limit)
			if _, inSQL := s.Limit.Int(); !inSQL && size != limit {
				// The LIMIT as this caller passes it, or as the
				// iterator yields it: bounds(total, 200_000).
				sites = w.sites(size, 0)
			}
			walk.Sites = addSites(i, walk.Sites, through(sites, r))
			if !q.PageNumber { // page++ steps by pages, not rows
				walk.Strides = addSites(i, walk.Strides, through(append(append(w.strideSites(r.pos, r.loop), w.stepSites(r)...), w.hopStrides(r, q.Arg(s.Offset))...), r))
			}
			walk.calls = addCall(walk.calls, r)
		}
		walk.cursor = w.cursorWalk(q, q.Arg(s.Offset), reaches)
	case s.RowidLo != nil && s.RowidHi != nil:
		reaches := w.reaches(q.Cursor, q.Arg(s.RowidLo))
		if len(reaches) == 0 {
			return nil
		}
		walk = &Walk{Strategy: RowidRange, Query: q, loop: reaches[0].loop}
		for i, r := range reaches {
			size := w.reachRangeSize(r, q.Arg(s.RowidLo), q.Arg(s.RowidHi), s.HiInclusive)
			if walk.size == nil {
				walk.size = size
			}
			if size != nil {
				walk.Sites = addSites(i, walk.Sites, through(w.sites(size, 0), r))
			}
			walk.Strides = addSites(i, walk.Strides, through(append(append(w.strideSites(r.pos, r.loop), w.stepSites(r)...), w.hopStrides(r, q.Arg(s.RowidLo))...), r))
			walk.calls = addCall(walk.calls, r)
		}
		walk.cursor = w.cursorWalk(q, q.Arg(s.RowidLo), reaches)
	case s.Limit != nil && s.Keyset != nil:
		loop := w.keysetLoop(q.Cursor, q.Arg(s.Keyset))
		if loop == nil {
			return nil
		}
		walk = &Walk{Strategy: Keyset, Query: q, loop: loop, size: q.Arg(s.Limit)}
		walk.Sites = w.operandSites(q, s.Limit)
	default:
		return nil
	}
	if w.polls(walk.loop) {
		return nil
	}
	if s.Kind == sqltext.Insert || s.Kind == sqltext.Create {
		walk.Write, walk.commit = true, q.Call
		walk.OneTx = w.txFromOutside(q.Recv, walk.loop)
	} else {
		w.commitPages(walk)
	}
	return walk
}

// cursorWalk reports whether the walk of q, whose position is pos, is a
// cursor's (see Walk.Cursor): every reach crosses into q's function
// through a call of it (a named method or function), pos crosses
// unchanged, pos is a struct field that q's function advances from its
// own value, and no walking loop writes that field.
func (w *walker) cursorWalk(q *sqltext.Query, pos ast.Expr, reaches []reach) bool {
	sel, ok := ast.Unparen(pos).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := w.info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return false
	}
	f, ok := s.Obj().(*types.Var)
	decl := w.FuncAt(q.Call.Pos())
	if !ok || decl == nil || !w.selfAdvanced(f, decl, 0) {
		return false
	}
	for _, r := range reaches {
		if r.call() == nil || ast.Unparen(r.pos) != ast.Unparen(pos) {
			return false
		}
		if slices.ContainsFunc(w.flow.Writes[f], func(wr flow.Write) bool { return within(wr.Node, r.loop) }) {
			return false // the loop moves the cursor: the offset is the loop's
		}
	}
	return len(reaches) > 0
}

// commitPages marks walk as writing when its loop commits into DuckDB
// every page: a transaction's Commit, or a flush of an Appender (the
// page's rows appended, then app.Flush(), or a helper's flush).
func (w *walker) commitPages(walk *Walk) {
	if c := w.commitIn(walk.loop); c != nil && !w.readOnlyTx(c) {
		walk.Write, walk.commit = true, c
		return
	}
	cur, ok := w.cursorOf(walk.loop)
	if !ok {
		return
	}
	for c := range cur.Preorder((*ast.CallExpr)(nil)) {
		flushed, _, ok := w.FlushOf(c.Node().(*ast.CallExpr))
		if !ok {
			continue
		}
		for l := range c.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil)) {
			if l.Node() == walk.loop {
				walk.Write, walk.commit, walk.Appender, walk.flushed = true, c.Node(), true, flushed
				walk.InTx = w.InTx(c)
				return
			}
			break
		}
	}
}

// foreignCopy returns walk, a walk over another engine's table (eng), as
// a copy into DuckDB when its loop commits into DuckDB every page (a
// DuckDB transaction's Commit, an Appender's flush), or nil: what the
// other engine reads or writes is not rowalign's. The DuckDB commit is as big as the page, but
// the size is the other engine's page too, so its sites are not fixable.
func (w *walker) foreignCopy(walk *Walk, eng string) *Walk {
	// The other engine's INSERT ... SELECT per page is its own.
	walk.Write, walk.commit = false, nil
	if w.commitPages(walk); !walk.Write {
		return nil
	}
	if eng == "?" {
		eng = "the other engine" // scope's unknown engine, in a package that opens another
	}
	walk.ReadEngine = eng
	for _, sites := range [][]Site{walk.Sites, walk.Strides} {
		for i := range sites {
			sites[i].Fixable = false
		}
	}
	return walk
}

// readOnlyTx reports whether commit (tx.Commit) ends a transaction that
// writes nothing: one begun with sql.TxOptions{ReadOnly: true}, or one
// used only to run reads (SELECT ...) and to end it. A keyset walk that
// reads each page in its own transaction copies nothing, so it is told
// to read with pager.Pages, not to copy with pager.Copy. A transaction
// passed to another function, or used otherwise, may write.
func (w *walker) readOnlyTx(commit ast.Node) bool {
	call, ok := commit.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	tx, ok := w.flow.ObjectOf(sel.X).(*types.Var)
	if !ok || tx.IsField() || w.flow.Escaped[tx] {
		return false
	}
	for _, wr := range w.flow.Writes[tx] {
		if wr.Tuple && wr.Index == 0 && beginsReadOnly(w.info, wr.Value) {
			return true
		}
	}
	reads := make(map[ast.Node]bool)
	for _, q := range w.queries {
		if q.Shape.Kind == sqltext.Read && w.flow.ObjectOf(q.Recv) == tx {
			reads[ast.Unparen(q.Recv)] = true
		}
	}
	decl := w.FuncAt(call.Pos())
	if decl == nil {
		return false
	}
	cur, ok := w.cursorOf(decl)
	if !ok {
		return false
	}
	for c := range cur.Preorder((*ast.Ident)(nil)) {
		id := c.Node().(*ast.Ident)
		if w.info.Uses[id] != tx {
			continue
		}
		if reads[id] {
			continue
		}
		if s, ok := c.Parent().Node().(*ast.SelectorExpr); ok && s.X == id && (s.Sel.Name == "Commit" || s.Sel.Name == "Rollback") {
			continue
		}
		return false
	}
	return true
}

// beginsReadOnly reports whether e is a BeginTx call whose options are a
// literal sql.TxOptions{ReadOnly: true}.
func beginsReadOnly(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return false
	}
	if fn := code.Callee(info, call); fn == nil || fn.Name() != "BeginTx" {
		return false
	}
	opts := ast.Unparen(call.Args[1])
	if u, ok := opts.(*ast.UnaryExpr); ok && u.Op == token.AND {
		opts = ast.Unparen(u.X)
	}
	lit, ok := opts.(*ast.CompositeLit)
	if !ok || !code.IsNamed(info.TypeOf(lit), "database/sql", "TxOptions") {
		return false
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "ReadOnly" {
				return types.ExprString(kv.Value) == "true"
			}
		}
	}
	return false
}

// walkingLoop returns the innermost loop around cur in the same function
// (function literals included: a transaction helper's callback runs in
// the loop that calls it) in which the position expression pos advances.
func (w *walker) walkingLoop(cur inspector.Cursor, pos ast.Expr) ast.Node {
	if pos == nil {
		return nil // OFFSET 0, or an argument passed as args...
	}
	for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.BlockStmt)(nil), (*ast.FuncDecl)(nil)) {
		switch loop := c.Node().(type) {
		case *ast.FuncDecl:
			return nil
		case *ast.ForStmt, *ast.RangeStmt:
			if w.advances(pos, loop, 0) {
				return loop
			}
		case *ast.BlockStmt:
			if jumpsBack(loop, cur.Node().Pos()) && w.advances(pos, loop, 0) {
				return loop
			}
		}
	}
	return nil
}

// jumpsBack reports whether block loops with goto around pos: a
// statement of block before pos is labelled L, and a goto L follows pos
// in block.
//
//	next:
//		rows, err := db.Query("... LIMIT ? OFFSET ?", n, off)
//		...
//		if more { off += n; goto next }
func jumpsBack(block *ast.BlockStmt, pos token.Pos) bool {
	labels := make(map[string]bool)
	for _, st := range block.List {
		if l, ok := st.(*ast.LabeledStmt); ok && l.Pos() < pos {
			labels[l.Label.Name] = true
		}
	}
	if len(labels) == 0 {
		return false
	}
	found := false
	ast.Inspect(block, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO && b.Label != nil && labels[b.Label.Name] && b.Pos() > pos {
			found = true
		}
		return true
	})
	return found
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

// strideSites returns the constants a walk's position advances by in
// loop, where the page size is written a second time: off += 250000,
// off = off + 250000, next := off + 250000, page*250000. A fix that
// changed the page size alone would make pages overlap or skip rows.
func (w *walker) strideSites(pos ast.Expr, loop ast.Node) []Site {
	var out []Site
	var visit func(e ast.Expr, depth int)
	visit = func(e ast.Expr, depth int) {
		if e == nil || depth > flow.MaxDepth {
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
	if call, ok := ast.Unparen(hi).(*ast.CallExpr); ok && w.isBuiltin(call, "min") {
		// hi := min(lo+n, total): the last page stops at the end.
		for _, arg := range call.Args {
			if size := w.rangeSize(lo, arg, inclusive, loop); size != nil {
				return size
			}
		}
	}
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

func (w *walker) isBuiltin(call *ast.CallExpr, name string) bool {
	return code.IsBuiltin(w.info, call, name)
}

func (w *walker) isConst(e ast.Expr, want int64) bool {
	v, ok := code.IntValue(w.info, e)
	return ok && v == want
}

func within(n, outer ast.Node) bool {
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

// txFromOutside reports whether recv, a statement's handle, is a
// *sql.Tx (or sqlx.Tx) variable declared outside loop: a transaction
// begun before the loop, or the caller's, that every page runs in.
func (w *walker) txFromOutside(recv ast.Expr, loop ast.Node) bool {
	if recv == nil || loop == nil {
		return false
	}
	t := w.info.TypeOf(recv)
	if !handle.IsTx(t) {
		return false
	}
	v, ok := w.flow.ObjectOf(recv).(*types.Var)
	return ok && (v.Pos() < loop.Pos() || v.Pos() >= loop.End())
}
