package sizes

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// A fix that changes a page or commit size changes which rows share a
// page. It keeps what the program computes only when nothing the program
// does depends on that (issue 24: a labeled continue to the page loop, a
// size that is also logged, a counter of pages all computed something
// else once the size became 122,880). The prover offers the fix only
// when it can show, by syntax and types, that
//
//   - the size's value goes nowhere but into walks (their query, their
//     stride, their end test, a buffer's capacity), followed through
//     constants, variables, fields, parameters and results of the
//     package (uses.go), and never into a name another package may read;
//   - each such walk is a for loop whose body does, once per page, only
//     what walking needs (run the query, check errors, count and scan
//     rows, close, commit, advance, stop at the end), and whose code per
//     row reads no state that starts again every page: not the page's
//     position, not a per-page variable it has not set itself in that
//     row, and leaves the rows of a page only by return or by ending the
//     walk;
//   - a loop that commits every N rows does nothing else every N rows,
//     and reads what it resets there only to count and collect rows.
//
// Anything else, however harmless, gets no fix: the finding stays, and
// docs/checks/pagesize.md ("Fix") says when no fix is offered.
type prover struct {
	pass  *analysis.Pass
	info  *types.Info
	flow  *flow.Index
	walks []*pagewalk.Walk
	// idents lists the identifiers that refer to each object; assigned
	// holds those on the left of a plain assignment (writes, not reads);
	// refs counts the references to each function.
	idents   map[types.Object][]*ast.Ident
	assigned map[*ast.Ident]bool
	refs     map[*types.Func]int
	// held and found are one proof's state: where the size is stored,
	// and where it is used.
	held   map[held]bool
	found  []use
	proofs map[*pagewalk.Walk]*loopProof
	// sink, for OnlyInto, is the one call the value may go into.
	sink *ast.CallExpr
}

func newProver(pass *analysis.Pass, fl *flow.Index, walks []*pagewalk.Walk) *prover {
	p := &prover{pass: pass, info: pass.TypesInfo, flow: fl, walks: walks,
		idents: make(map[types.Object][]*ast.Ident), assigned: make(map[*ast.Ident]bool),
		refs: make(map[*types.Func]int), proofs: make(map[*pagewalk.Walk]*loopProof)}
	for id, obj := range p.info.Uses {
		if v, ok := obj.(*types.Var); ok && v.IsField() {
			obj = v.Origin() // Pager[int]{Size: n} sets Pager[N].Size
		}
		p.idents[obj] = append(p.idents[obj], id)
		if fn, ok := obj.(*types.Func); ok {
			p.refs[fn]++
		}
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if kv, ok := n.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					p.assigned[id] = true // Config{PageSize: n} writes the field
				}
			}
			if a, ok := n.(*ast.AssignStmt); ok && (a.Tok == token.ASSIGN || a.Tok == token.DEFINE) {
				for _, l := range a.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok {
						p.assigned[id] = true
					}
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
						p.assigned[sel.Sel] = true
					}
				}
			}
			return true
		})
	}
	return p
}

// prove returns "" when rewriting the sizes at sites cannot change what
// the program computes, else why it may.
func (p *prover) prove(sites []pagewalk.Site) string {
	p.held, p.found = make(map[held]bool), nil
	for _, s := range sites {
		e := p.siteExpr(s)
		if e == nil {
			return "the size is written where rowalign cannot follow it"
		}
		if why := p.uses(e, nil, 0); why != "" {
			return why
		}
	}
	for _, u := range p.found {
		if why := p.allowed(u); why != "" {
			return why
		}
	}
	return ""
}

// siteExpr returns the expression a size is written in: the literal or
// constant expression, or the string literal holding a number of the SQL.
func (p *prover) siteExpr(s pagewalk.Site) ast.Expr {
	if e := exprAt(p.pass, s.Pos, s.End); e != nil {
		return e
	}
	for _, f := range p.pass.Files {
		if f.FileStart > s.Pos || s.Pos >= f.FileEnd {
			continue
		}
		var lit *ast.BasicLit
		ast.Inspect(f, func(n ast.Node) bool {
			if b, ok := n.(*ast.BasicLit); ok && b.Kind == token.STRING && b.Pos() <= s.Pos && s.End <= b.End() {
				lit = b
			}
			return lit == nil
		})
		if lit != nil {
			return lit
		}
	}
	return nil
}

// OnlyInto returns "" when the value written at pos..end (a literal, or
// a number in a string literal of SQL) goes nowhere but into the call c,
// an ATTACH statement: a fix that rewrites it then changes that
// statement alone. Else it says where else the value goes.
func OnlyInto(pass *analysis.Pass, fl *flow.Index, pos, end token.Pos, c *ast.CallExpr) string {
	if fl == nil {
		return "the package has no syntax index"
	}
	p := newProver(pass, fl, nil)
	p.sink = c
	return p.prove([]pagewalk.Site{{Pos: pos, End: end}})
}

// isQuery reports whether c is the query of one of the package's walks,
// or the sink OnlyInto allows.
func (p *prover) isQuery(c *ast.CallExpr) bool {
	if c == p.sink && c != nil {
		return true
	}
	for _, w := range p.walks {
		if w.Query != nil && w.Query.Call == c {
			return true
		}
	}
	return false
}

// allowed returns "" when the use u stands where a walk proven not to
// depend on its page boundaries may use its size: its query, its loop's
// header, a statement the proof keeps (a stride, an end test), a commit
// condition; or a make's capacity.
func (p *prover) allowed(u use) string {
	if c, ok := u.at.(*ast.CallExpr); ok && (!p.isQuery(c) || c == p.sink) {
		return "" // make's capacity or the sink (intoCall consumes nothing else)
	}
	var in *pagewalk.Walk
	for _, w := range p.walks {
		loop := w.Loop()
		if loop == nil || !within(u.at, loop) && !(w.Query != nil && within(u.at, w.Query.Call)) {
			continue
		}
		if in == nil || within(loop, in.Loop()) {
			in = w
		}
	}
	if in == nil {
		return "the size is also used at " + p.where(u.at)
	}
	lp := p.loop(in)
	if lp.why != "" {
		return lp.why
	}
	for _, n := range lp.neutral {
		if within(u.at, n) {
			return ""
		}
	}
	return "the size is also read at " + p.where(u.at) + ", inside the loop"
}

func (p *prover) where(n ast.Node) string { return where(p.pass.Fset, n.Pos()) }

func within(n, outer ast.Node) bool {
	return outer != nil && outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

// A loopProof is what proving a walk's loop found: why its result may
// depend on its page boundaries ("" when it cannot), and the nodes where
// the size may stand (the query, the loop's header, strides, end tests).
type loopProof struct {
	why     string
	neutral []ast.Node
}

// loop proves w's loop, once.
func (p *prover) loop(w *pagewalk.Walk) *loopProof {
	if lp, ok := p.proofs[w]; ok {
		return lp
	}
	b := &body{p: p, w: w, pos: make(map[types.Object]bool), page: make(map[types.Object]bool), batch: make(map[types.Object]bool)}
	lp := &loopProof{}
	switch {
	case w.ReadEngine != "":
		lp.why = "the pages are another engine's"
	case w.Strategy == pagewalk.Batch && w.Helper() != nil:
		lp.why = "the commit is in a helper"
	case w.Strategy == pagewalk.Batch && w.Chunk():
		lp.why = b.chunks()
	case w.Strategy == pagewalk.Batch:
		lp.why = b.batches()
	case w.Query == nil || len(w.Calls()) > 0:
		lp.why = "the page is read in a helper, whose per-page work rowalign does not follow"
	default:
		lp.why = b.pages()
	}
	lp.neutral = b.neutral
	p.proofs[w] = lp
	return lp
}

// body proves one loop. pos are the variables that say where a page
// starts or ends (the offset, the rowid bounds, the last key), page the
// variables declared once per page, batch those a commit loop resets
// every batch.
type body struct {
	p       *prover
	w       *pagewalk.Walk
	loop    ast.Stmt
	pos     map[types.Object]bool
	page    map[types.Object]bool
	batch   map[types.Object]bool
	neutral []ast.Node
	// clipped are the ends of a chunk loop's slices clipped to the
	// slice's length (end := min(start+n, len(rows))).
	clipped map[types.Object]bool
	// commits is set for a loop that commits every N rows: the loop is
	// the rows' loop, and a break ends it (the rest is committed after).
	commits bool
	// helper is set for the body of a function a page's rows are given
	// to (helperCall): it may return.
	helper bool
}

// pages proves a read walk, or an INSERT ... SELECT walk, whose query is
// in its own for loop.
func (b *body) pages() string {
	loop, ok := b.w.Loop().(*ast.ForStmt)
	if !ok {
		return "the walk is not a for loop"
	}
	b.loop = loop
	q := b.w.Query.Call
	if !within(q, loop.Body) {
		return "the page is read in a function literal the loop calls"
	}
	if k := b.w.Query.Shape.Kind; k != sqltext.Read && k != sqltext.Insert {
		return "each page's statement writes something of its own (a file, a table)"
	}
	b.neutral = append(b.neutral, q)
	// The position: what the query is given that the loop changes.
	for _, a := range q.Args {
		b.markPos(a, loop)
	}
	for _, s := range []ast.Stmt{loop.Init, loop.Post} {
		if s != nil {
			b.markPos(s, loop)
		}
	}
	if why := b.header(loop, false); why != "" {
		return why
	}
	if why := b.stmts(loop.Body.List); why != "" {
		return why
	}
	return b.positions(loop)
}

// positions proves that the position variables only position the page:
// each is read only to compute the query's LIMIT, OFFSET, rowid bounds
// or key, or another position variable, or where the loop stops. A page
// number the query is given as a value (part-%04d.parquet, SELECT ?, ...)
// or that the loop counts by itself is state per page.
func (b *body) positions(loop *ast.ForStmt) string {
	q := b.w.Query
	var ops []ast.Node
	for _, o := range []*sqltext.Operand{q.Shape.Limit, q.Shape.Offset, q.Shape.RowidLo, q.Shape.RowidHi, q.Shape.Keyset} {
		if e := q.Arg(o); e != nil {
			ops = append(ops, e)
		}
	}
	// The text of the query, when a statement of the page builds it
	// (q := fmt.Sprintf(...)): its holes are operands too.
	texts := []ast.Node{q.Call}
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok {
			for _, l := range a.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && b.readIn(b.p.info.ObjectOf(id)) && !b.p.isMachinery(b.p.info.TypeOf(id)) {
					if t := b.p.info.TypeOf(id); t != nil && isString(t) {
						texts = append(texts, a)
					}
				}
			}
		}
		return true
	})
	if why := b.counted(loop, ops); why != "" {
		return why
	}
	for _, t := range texts {
		why := ""
		ast.Inspect(t, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || why != "" || !b.pos[b.p.info.ObjectOf(id)] || b.p.assigned[id] {
				return why == ""
			}
			for _, o := range ops {
				if within(id, o) {
					return true
				}
			}
			if isString(b.p.info.TypeOf(id)) {
				return true // the text itself: its holes are checked where it is built
			}
			why = "the query is given " + id.Name + ", which depends on the page, as a value (" + b.p.where(id) + ")"
			return false
		})
		if why != "" {
			return why
		}
	}
	return ""
}

// counted proves that every position variable feeds the query's
// operands ops (directly, or through another that does: lo = hi, hi :=
// lo + n): one that does not counts pages (part++), and may be read only
// to count.
func (b *body) counted(loop *ast.ForStmt, ops []ast.Node) string {
	feeds := make(map[types.Object]bool)
	for _, o := range ops {
		ast.Inspect(o, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && b.pos[b.p.info.ObjectOf(id)] {
				feeds[b.p.info.ObjectOf(id)] = true
			}
			return true
		})
	}
	for changed := true; changed; {
		changed = false
		ast.Inspect(loop, func(n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			if !ok || len(a.Lhs) != len(a.Rhs) {
				return true
			}
			for i, l := range a.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || !feeds[b.p.info.ObjectOf(id)] {
					continue
				}
				ast.Inspect(a.Rhs[i], func(r ast.Node) bool {
					if rid, ok := r.(*ast.Ident); ok && b.pos[b.p.info.ObjectOf(rid)] && !feeds[b.p.info.ObjectOf(rid)] {
						feeds[b.p.info.ObjectOf(rid)] = true
						changed = true
					}
					return true
				})
			}
			return true
		})
	}
	// In declaration order: the reason a message gives must not depend on
	// map order (two runs gave two different variables' reasons).
	vars := slices.SortedFunc(maps.Keys(b.pos), func(a, b types.Object) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, v := range vars {
		if feeds[v] || isString(v.Type()) {
			continue // a text built per page: positions checks its holes
		}
		for _, id := range b.p.reads(v) {
			if !b.selfUpdate(id) {
				return "the loop counts pages in " + id.Name + " and reads it (" + b.p.where(id) + ")"
			}
		}
	}
	return ""
}

// selfUpdate reports whether id is read only to update itself: part++,
// part += 1, part = part + 1 (alone or among other assignments).
func (b *body) selfUpdate(id *ast.Ident) bool {
	path := b.p.path(id)
	for i := 1; i < len(path); i++ {
		switch n := path[i].(type) {
		case *ast.IncDecStmt:
			return true
		case *ast.AssignStmt:
			for j, r := range n.Rhs {
				if within(id, r) && j < len(n.Lhs) {
					l, ok := ast.Unparen(n.Lhs[j]).(*ast.Ident)
					return ok && b.p.info.ObjectOf(l) == b.p.info.ObjectOf(id)
				}
			}
			for _, l := range n.Lhs {
				if within(id, l) {
					return n.Tok != token.ASSIGN && n.Tok != token.DEFINE // part += 1
				}
			}
			return false
		case ast.Stmt:
			return false
		}
	}
	return false
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// markPos adds to pos every variable read in n that the loop writes.
func (b *body) markPos(n ast.Node, loop ast.Node) {
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if v, ok := b.p.info.ObjectOf(id).(*types.Var); ok && b.writtenIn(v, loop) {
				b.pos[v] = true
			}
		}
		return true
	})
}

// writtenIn reports whether v is assigned, incremented or has its address
// taken (rows.Scan(&last)) inside n.
func (b *body) writtenIn(v types.Object, n ast.Node) bool {
	for _, wr := range b.p.flow.Writes[v] {
		if within(wr.Node, n) {
			return true
		}
	}
	for _, a := range b.p.flow.AddrTaken[v] {
		if within(a, n) {
			return true
		}
	}
	return false
}

// header proves a page loop's init, condition and post statement: they
// may only set and advance the position, and the loop may only stop
// when the table ends (a bound read from count(*) or max(rowid) of a
// query; for a chunk loop, the slice's length), never after a number of
// pages or rows of its own.
func (b *body) header(loop *ast.ForStmt, chunk bool) string {
	for _, s := range []ast.Stmt{loop.Init, loop.Post} {
		if s == nil {
			continue
		}
		if why := b.advance(s); why != "" {
			return why
		}
		b.neutral = append(b.neutral, s)
	}
	if loop.Cond == nil {
		return ""
	}
	b.neutral = append(b.neutral, loop.Cond)
	if id, ok := ast.Unparen(loop.Cond).(*ast.Ident); ok && b.pos[b.p.info.ObjectOf(id)] {
		return "" // for more := true; more; { ...; more = n == pageSize }
	}
	if c, ok := ast.Unparen(loop.Cond).(*ast.BinaryExpr); ok && (c.Op == token.LSS || c.Op == token.LEQ || c.Op == token.NEQ) {
		x, y := ast.Unparen(c.X), ast.Unparen(c.Y)
		if b.isPosExpr(x) && (!chunk && b.p.tableBound(y, b.w.Strategy == pagewalk.OffsetLimit) || chunk && isLen(b.p.info, y)) {
			return "" // off < total (SELECT count(*)), start < len(rows)
		}
	}
	return "the loop stops after " + types.ExprString(loop.Cond) + ", which may cut a page: not when the table ends"
}

func (b *body) isPosExpr(e ast.Expr) bool {
	e = operand(b.p.info, e) // int64(lo)
	id, ok := e.(*ast.Ident)
	return ok && b.pos[b.p.info.ObjectOf(id)]
}

// tableBound reports whether e is a variable set only by scanning the
// result of a query that asks for the largest rowid (SELECT max(rowid)
// FROM t), or, with counted (an OFFSET walk), counts the rows: a bound at
// the table's end, so the last page ends there whatever the page size.
// A count does not bound rowids, which have gaps after deletes.
func (p *prover) tableBound(e ast.Expr, counted bool) bool {
	id, ok := operand(p.info, e).(*ast.Ident) // int(maxRow)
	if !ok {
		return false
	}
	v := p.info.ObjectOf(id)
	if v == nil || len(p.flow.AddrTaken[v]) == 0 {
		return false
	}
	for _, wr := range p.flow.Writes[v] {
		if wr.Op != token.DEFINE || wr.Value != nil {
			return false // var total int64 only
		}
	}
	for _, a := range p.flow.AddrTaken[v] {
		if !p.countScan(a, counted) {
			return false
		}
	}
	return true
}

// countScan reports whether addr (&total) is an argument of a call that
// reads the result of SQL asking for the largest rowid or, with counted,
// counting rows: db.QueryRow("SELECT max(rowid) FROM t").Scan(&total), or
// sqlx's db.Get(&total, "SELECT count(*) FROM t").
func (p *prover) countScan(addr ast.Node, counted bool) bool {
	path := p.path(addr)
	if len(path) < 2 {
		return false
	}
	call, ok := path[1].(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Scan" && sel.Sel.Name != "Get" && sel.Sel.Name != "GetContext" {
		return false
	}
	found := false
	ast.Inspect(call, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if tv, ok := p.info.Types[lit]; ok && tv.Value != nil {
				q := strings.ToLower(strings.ReplaceAll(constant.StringVal(tv.Value), " ", ""))
				found = found || strings.Contains(q, "max(rowid)") || counted && strings.Contains(q, "count(")
			}
		}
		return !found
	})
	return found
}

// advance proves a statement that moves the position: it assigns only
// position variables, from expressions without effects.
func (b *body) advance(s ast.Stmt) string {
	switch s := s.(type) {
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || !b.pos[b.p.info.ObjectOf(id)] && s.Tok != token.DEFINE {
				return b.perPage(s)
			}
		}
		for _, r := range s.Rhs {
			if why := b.pure(r); why != "" {
				return why
			}
		}
		return ""
	case *ast.IncDecStmt:
		if id, ok := ast.Unparen(s.X).(*ast.Ident); ok && b.pos[b.p.info.ObjectOf(id)] {
			return ""
		}
	}
	return b.perPage(s)
}

// perPage says what s does once per page (or batch) that the proof
// does not allow.
func (b *body) perPage(s ast.Node) string {
	what := "page"
	if b.w.Strategy == pagewalk.Batch {
		what = "batch"
	}
	return "the loop runs " + shorten(types.ExprString(exprOf(s))) + " once per " + what + " (" + b.p.where(s) + ")"
}

// exprOf returns an expression that names s in a message.
func exprOf(s ast.Node) ast.Expr {
	switch s := s.(type) {
	case *ast.ExprStmt:
		return s.X
	case *ast.AssignStmt:
		// The whole statement: "copied" alone read as if the loop ran
		// a variable ("the loop runs copied once per page").
		return &ast.Ident{Name: exprList(s.Lhs) + " " + s.Tok.String() + " " + exprList(s.Rhs)}
	case *ast.IncDecStmt:
		return &ast.Ident{Name: types.ExprString(s.X) + s.Tok.String()}
	case *ast.DeferStmt:
		return s.Call
	case *ast.IfStmt:
		if s.Init != nil {
			return exprOf(s.Init)
		}
		return s.Cond
	case *ast.RangeStmt:
		return &ast.Ident{Name: "a loop over " + types.ExprString(s.X)}
	case *ast.ForStmt:
		return &ast.Ident{Name: "a loop"}
	case ast.Expr:
		return s
	}
	return &ast.Ident{Name: "a statement"}
}

func exprList(es []ast.Expr) string {
	var out []string
	for _, e := range es {
		out = append(out, types.ExprString(e))
	}
	return strings.Join(out, ", ")
}

func shorten(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// pure returns "" when evaluating e has no effect and calls nothing but
// conversions, len, min, max, cmp.Or, strconv and fmt formatting.
func (b *body) pure(e ast.Expr) string {
	why := ""
	ast.Inspect(e, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || why != "" {
			return why == ""
		}
		if tv, ok := b.p.info.Types[c.Fun]; ok && tv.IsType() {
			return true
		}
		if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
			if bi, ok := b.p.info.Uses[id].(*types.Builtin); ok {
				switch bi.Name() {
				case "len", "cap", "min", "max", "make", "append":
					return true
				}
			}
		}
		if fn := code.Callee(b.p.info, c); fn != nil && fn.Pkg() != nil {
			switch path := fn.Pkg().Path(); {
			case path == "cmp" && fn.Name() == "Or", path == "strconv", path == "fmt" && fn.Name() == "Sprintf",
				path == "database/sql" && fn.Name() == "Named":
				return true
			}
		}
		why = "the loop calls " + shorten(types.ExprString(c.Fun)) + " once per page (" + b.p.where(c) + ")"
		return false
	})
	return why
}
