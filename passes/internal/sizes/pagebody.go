package sizes

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// stmts proves the statements a page loop runs once per page.
func (b *body) stmts(list []ast.Stmt) string {
	for _, s := range list {
		if why := b.stmt(s); why != "" {
			return why
		}
	}
	return ""
}

// stmt proves one statement run once per page: the query, error checks,
// closing and committing, per-page counters and scan targets, the loop
// over the page's rows, advancing the position, and an end test.
func (b *body) stmt(s ast.Stmt) string {
	if b.w.Query != nil && within(b.w.Query.Call, s) {
		return b.query(s)
	}
	switch s := s.(type) {
	case *ast.EmptyStmt:
		return ""
	case *ast.BlockStmt:
		return b.stmts(s.List)
	case *ast.LabeledStmt:
		return b.stmt(s.Stmt)
	case *ast.DeclStmt:
		g, ok := s.Decl.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			return ""
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for _, v := range vs.Values {
				if why := b.pure(v); why != "" {
					return why
				}
			}
			for _, n := range vs.Names {
				b.declare(b.p.info.Defs[n])
			}
		}
		return ""
	case *ast.ExprStmt:
		if b.p.machinery(s.X) || b.helperCall(s.X) {
			return ""
		}
	case *ast.ReturnStmt:
		if b.helper {
			for _, r := range s.Results {
				if why := b.pure(r); why != "" && !b.p.machinery(r) {
					return why
				}
			}
			return ""
		}
	case *ast.DeferStmt:
		if b.p.machinery(s.Call) {
			return ""
		}
	case *ast.AssignStmt:
		return b.assign(s)
	case *ast.IncDecStmt:
		if why := b.advance(s); why == "" {
			b.neutral = append(b.neutral, s)
			return ""
		}
		if id, ok := ast.Unparen(s.X).(*ast.Ident); ok && b.page[b.p.info.ObjectOf(id)] {
			return ""
		}
	case *ast.IfStmt:
		return b.ifStmt(s)
	case *ast.ForStmt, *ast.RangeStmt:
		return b.rowLoop(s)
	}
	return b.perPage(s)
}

// query proves the statement holding the walk's query: the query alone,
// its results assigned, or an if whose init runs it and whose condition
// checks its error. Its arguments may only compute the page.
func (b *body) query(s ast.Stmt) string {
	for _, a := range b.w.Query.Call.Args {
		if why := b.pure(a); why != "" {
			return why
		}
	}
	switch s := s.(type) {
	case *ast.ExprStmt:
		if ast.Unparen(s.X) == b.w.Query.Call {
			return ""
		}
		if b.scanned(s.X) {
			return b.scanTargets(ast.Unparen(s.X).(*ast.CallExpr))
		}
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 && b.scanned(s.Rhs[0]) {
			return b.scanTargets(s.Rhs[0].(*ast.CallExpr))
		}
		if len(s.Rhs) == 1 && ast.Unparen(s.Rhs[0]) == b.w.Query.Call {
			for _, l := range s.Lhs {
				if _, ok := ast.Unparen(l).(*ast.Ident); !ok {
					return b.perPage(s)
				}
				if s.Tok == token.DEFINE {
					b.declare(b.p.info.ObjectOf(l.(*ast.Ident)))
				}
			}
			return ""
		}
	case *ast.IfStmt:
		if s.Init != nil && within(b.w.Query.Call, s.Init) {
			if why := b.query(s.Init); why != "" {
				return why
			}
			return b.ifStmt(&ast.IfStmt{If: s.If, Cond: s.Cond, Body: s.Body, Else: s.Else})
		}
	}
	return "the walk's query runs inside " + shorten(types.ExprString(exprOf(s))) + " (" + b.p.where(s) + ")"
}

// scanned reports whether e is the walk's QueryRow scanned:
// db.QueryRow(...).Scan(&n, &s).
func (b *body) scanned(e ast.Expr) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Scan" && ast.Unparen(sel.X) == b.w.Query.Call
}

// scanTargets proves the targets of a page's Scan: variables of the
// page (var n int64 declared in the loop), or the position (the last
// key). Anything else would keep only the last page's value.
func (b *body) scanTargets(scan *ast.CallExpr) string {
	for _, a := range scan.Args {
		u, ok := ast.Unparen(a).(*ast.UnaryExpr)
		if !ok || u.Op != token.AND {
			return "the page is scanned into " + types.ExprString(a) + " (" + b.p.where(a) + ")"
		}
		id, ok := ast.Unparen(u.X).(*ast.Ident)
		if obj := b.p.info.ObjectOf(id); !ok || !b.page[obj] && !b.pos[obj] {
			return "the page is scanned into " + types.ExprString(u.X) + ", which outlives the page (" + b.p.where(a) + ")"
		}
	}
	return ""
}

// columns reports whether e is rows.Columns() or rows.ColumnTypes().
func columns(e ast.Expr) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	return ok && (sel.Sel.Name == "Columns" || sel.Sel.Name == "ColumnTypes")
}

// helperCall reports whether e calls a function of the package that a
// page's rows are given to (n, err := scanEvents(rows, fn)), and whose
// body proves as the page's own: its loop over the rows, closing them,
// checking and returning errors and counts.
func (b *body) helperCall(e ast.Expr) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || b.helper || c.Ellipsis.IsValid() {
		return false // one level: a helper's own helpers are not followed
	}
	fn := code.Callee(b.p.info, c)
	decl := b.p.decl(fn)
	if decl == nil || decl.Body == nil || decl.Recv != nil {
		return false
	}
	rows := false
	for _, a := range c.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && b.p.isMachinery(b.p.info.TypeOf(id)) {
			rows = true // the page's rows, a handle
			continue
		}
		if b.pure(a) != "" {
			return false
		}
	}
	if !rows {
		return false
	}
	h := &body{p: b.p, w: b.w, loop: decl.Body, helper: true, pos: make(map[types.Object]bool), page: make(map[types.Object]bool), batch: make(map[types.Object]bool)}
	return h.stmts(decl.Body.List) == ""
}

// decl returns the declaration of fn in the package, or nil.
func (p *prover) decl(fn *types.Func) *ast.FuncDecl {
	if fn == nil || fn.Pkg() != p.pass.Pkg {
		return nil
	}
	for _, f := range p.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && p.info.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// declare records a variable declared once per page.
func (b *body) declare(obj types.Object) {
	if v, ok := obj.(*types.Var); ok && !b.p.isMachinery(v.Type()) {
		b.page[v] = true
	}
}

// assign proves an assignment run once per page: results of the
// machinery (tx, err = db.Begin()), a page's bounds computed from the
// position (hi := lo + pageSize), the position advanced, or a count of
// the page's rows added to a total (total += n: the totals of all pages
// are the table's, whatever the page size).
func (b *body) assign(s *ast.AssignStmt) string {
	if len(s.Rhs) == 1 && (b.p.machinery(s.Rhs[0]) || b.helperCall(s.Rhs[0])) {
		for _, l := range s.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok && s.Tok == token.DEFINE {
				if columns(s.Rhs[0]) {
					continue // cols, err := rows.Columns(): the same every page
				}
				b.declare(b.p.info.ObjectOf(id))
			} else if ok && b.p.isMachinery(b.p.info.TypeOf(id)) {
				continue
			} else if !ok || !b.page[b.p.info.ObjectOf(id)] && id.Name != "_" {
				return b.perPage(s)
			}
		}
		return ""
	}
	if ok, why := b.accumulates(s); ok {
		return why // total += n, all = append(all, ids...)
	}
	for _, r := range s.Rhs {
		if why := b.pure(r); why != "" {
			return why
		}
	}
	for _, l := range s.Lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			return b.perPage(s)
		}
		obj := b.p.info.ObjectOf(id)
		switch {
		case id.Name == "_", b.pos[obj], b.page[obj]:
		case s.Tok == token.DEFINE && b.p.info.Defs[id] != nil:
			// hi := lo + pageSize: a bound of this page, when the query
			// or the advance reads it; else a variable of the page.
			b.page[obj] = true
			if b.readIn(obj) || b.readInAdvance(obj) {
				delete(b.page, obj)
				b.pos[obj] = true
			}
			if c, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); ok && len(s.Rhs) == 1 && b.clipped != nil && code.IsBuiltin(b.p.info, c, "min") {
				for _, a := range c.Args {
					if isLen(b.p.info, a) {
						b.clipped[obj] = true // end := min(start+n, len(rows))
					}
				}
			}
		default:
			return b.perPage(s)
		}
	}
	b.neutral = append(b.neutral, s)
	return ""
}

// accumulates reports whether s adds the page's rows to a variable of
// the walk, which then holds the same at the end whatever the page size:
//
//   - total += n, an integer total and n the page's row count (n++ per
//     row), the rows its statement affected (n, err :=
//     res.RowsAffected()) or its count(*) (QueryRow(SELECT count(*)
//     ...).Scan(&n)): the pages' counts add up to the table's;
//   - all = append(all, ids...), ids the page's rows appended one by one:
//     the pages' rows in order are the table's.
//
// Nothing else in the loop may read total or all but a return that ends
// the walk: an end test on a running total (if total >= limit { break })
// stops at another row once the pages change. ok reports whether s is such an accumulation, why
// what else reads it.
func (b *body) accumulates(s *ast.AssignStmt) (ok bool, why string) {
	if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
		return false, ""
	}
	l, isIdent := ast.Unparen(s.Lhs[0]).(*ast.Ident)
	if !isIdent {
		return false, ""
	}
	acc := b.p.info.ObjectOf(l)
	if acc == nil || b.pos[acc] || b.page[acc] {
		return false, ""
	}
	reads := 0 // mentions of acc in the loop besides s's left side
	switch s.Tok {
	case token.ADD_ASSIGN:
		n, ok := ast.Unparen(s.Rhs[0]).(*ast.Ident)
		basic, isBasic := acc.Type().Underlying().(*types.Basic)
		if !ok || !isBasic || basic.Info()&types.IsInteger == 0 {
			return false, ""
		}
		if obj := b.p.info.ObjectOf(n); !b.counter(obj) && !b.rowsAffected(obj) && !b.pageCount(obj) {
			return false, ""
		}
	case token.ASSIGN:
		c, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
		if !ok || !code.IsBuiltin(b.p.info, c, "append") || len(c.Args) != 2 || !c.Ellipsis.IsValid() {
			return false, ""
		}
		first, ok := ast.Unparen(c.Args[0]).(*ast.Ident)
		rows, ok2 := ast.Unparen(c.Args[1]).(*ast.Ident)
		if !ok || !ok2 || b.p.info.ObjectOf(first) != acc || !b.pageRows(b.p.info.ObjectOf(rows)) {
			return false, ""
		}
		reads = 1
	default:
		return false, ""
	}
	var other *ast.Ident
	ast.Inspect(b.loop, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && id != l && b.p.info.ObjectOf(id) == acc && !b.returned(id) {
			if reads--; reads < 0 && other == nil {
				other = id
			}
		}
		return true
	})
	if other != nil {
		return true, "the loop reads " + l.Name + ", a running total of the pages (" + b.p.where(other) + ")"
	}
	return true, ""
}

// returned reports whether id is read by a return of the walk's own
// function (return total, nil), which ends the walk there: the total read
// after the loop, as far as the walk has gone.
func (b *body) returned(id *ast.Ident) bool {
	for _, n := range b.p.path(id) {
		switch n.(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.FuncLit, *ast.ExprStmt, *ast.AssignStmt, *ast.IfStmt:
			return false
		}
	}
	return false
}

// rowsAffected reports whether obj is a variable of the page set only to
// the rows a statement affected: n, err := res.RowsAffected().
func (b *body) rowsAffected(obj types.Object) bool {
	if !b.page[obj] || len(b.p.flow.AddrTaken[obj]) > 0 {
		return false
	}
	writes := b.p.flow.Writes[obj]
	for _, wr := range writes {
		c, ok := ast.Unparen(wr.Value).(*ast.CallExpr)
		if !ok || !wr.Tuple || wr.Index != 0 || !b.p.machinery(c) {
			return false
		}
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); !ok || sel.Sel.Name != "RowsAffected" {
			return false
		}
	}
	return len(writes) > 0
}

// pageCount reports whether obj is a variable of the page set only by
// the walk's query, a count of the page's rows scanned into it alone:
// db.QueryRow("SELECT count(*) FROM t WHERE rowid BETWEEN ? AND ?", lo,
// hi).Scan(&n).
func (b *body) pageCount(obj types.Object) bool {
	if !b.page[obj] || b.w.Query == nil || !b.w.Query.Shape.Count || len(b.p.flow.Writes[obj]) > 0 || len(b.p.flow.AddrTaken[obj]) != 1 {
		return false
	}
	for _, n := range b.p.path(b.p.flow.AddrTaken[obj][0]) {
		if c, ok := n.(*ast.CallExpr); ok {
			return b.scanned(c) && len(c.Args) == 1
		}
	}
	return false
}

// pageRows reports whether obj is a slice of the page that only collects
// its rows in order: declared empty (var ids []T, ids := []T{}, make with
// length 0) and written only by ids = append(ids, row).
func (b *body) pageRows(obj types.Object) bool {
	if !b.page[obj] || len(b.p.flow.AddrTaken[obj]) > 0 {
		return false
	}
	if _, ok := obj.Type().Underlying().(*types.Slice); !ok {
		return false
	}
	for _, wr := range b.p.flow.Writes[obj] {
		switch v := ast.Unparen(wr.Value).(type) {
		case nil:
			if wr.Op != token.DEFINE && wr.Op != token.ASSIGN || wr.Tuple {
				return false // var ids []T has no value
			}
		case *ast.CompositeLit:
			if len(v.Elts) > 0 {
				return false
			}
		case *ast.CallExpr:
			switch {
			case code.IsBuiltin(b.p.info, v, "make"):
				if len(v.Args) < 2 {
					return false
				}
				if n, ok := code.IntValue(b.p.info, v.Args[1]); !ok || n != 0 {
					return false
				}
			case code.IsBuiltin(b.p.info, v, "append") && !v.Ellipsis.IsValid() && len(v.Args) >= 2:
				if id, ok := ast.Unparen(v.Args[0]).(*ast.Ident); !ok || b.p.info.ObjectOf(id) != obj {
					return false
				}
			default:
				return false
			}
		case *ast.Ident:
			if v.Name != "nil" {
				return false
			}
		default:
			return false
		}
		if wr.Op != token.DEFINE && wr.Op != token.ASSIGN {
			return false
		}
	}
	return true
}

// readIn reports whether obj is read in the arguments of the walk's
// query.
func (b *body) readIn(obj types.Object) bool {
	if b.w.Query == nil {
		return false
	}
	found := false
	ast.Inspect(b.w.Query.Call, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && b.p.info.ObjectOf(id) == obj {
			found = true
		}
		return !found
	})
	return found
}

// readInAdvance reports whether obj is read on the right of an
// assignment to a position variable of the loop (lo = hi), or in a slice
// a chunk loop ranges over (rows[start:end]).
func (b *body) readInAdvance(obj types.Object) bool {
	found := false
	ast.Inspect(b.loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && b.pos[b.p.info.ObjectOf(id)] && mentions(b.p.info, n.Rhs, obj) {
					found = true
				}
			}
		case *ast.SliceExpr:
			found = found || mentions(b.p.info, []ast.Expr{n.Low, n.High, n.Max}, obj)
		}
		return !found
	})
	return found
}

func mentions(info *types.Info, es []ast.Expr, obj types.Object) bool {
	for _, e := range es {
		if e != nil && mentionsIn(info, e, obj) {
			return true
		}
	}
	return false
}

// counter reports whether obj is a variable of the page that the loop
// only counts rows with: written by n := 0, n++ or n += 1.
func (b *body) counter(obj types.Object) bool {
	if !b.page[obj] {
		return false
	}
	for _, wr := range b.p.flow.Writes[obj] {
		switch wr.Op {
		case token.INC:
		case token.DEFINE, token.ASSIGN, token.ADD_ASSIGN:
			if v, ok := code.IntValue(b.p.info, wr.Value); !ok || wr.Op == token.ADD_ASSIGN && v != 1 || wr.Op != token.ADD_ASSIGN && v != 0 {
				return false
			}
		default:
			return false
		}
	}
	return len(b.p.flow.AddrTaken[obj]) == 0
}

// ifStmt proves an if run once per page: an error check (whatever it
// does runs only on an error), an end test that stops the walk (break,
// return), or one that clips the page's end (if hi > total { hi = total }).
func (b *body) ifStmt(s *ast.IfStmt) string {
	if s.Init != nil {
		if why := b.stmt(s.Init); why != "" {
			return why
		}
	}
	if b.p.errCheck(s.Cond) {
		if s.Else != nil {
			return b.stmt(s.Else)
		}
		return ""
	}
	if why := b.pure(s.Cond); why != "" {
		return why
	}
	if s.Else == nil && len(s.Body.List) == 1 {
		switch e := s.Body.List[0].(type) {
		case *ast.ReturnStmt:
			b.neutral = append(b.neutral, s.Cond)
			return ""
		case *ast.BranchStmt:
			if e.Tok == token.BREAK && (e.Label == nil || b.labels(b.loop, e.Label)) {
				b.neutral = append(b.neutral, s.Cond)
				return ""
			}
		case *ast.AssignStmt:
			if b.advance(e) == "" {
				b.neutral = append(b.neutral, s)
				b.clip(s, e)
				return ""
			}
		}
	}
	return b.perPage(s)
}

// clip records that `if hi > len(rows) { hi = len(rows) }` clips hi.
func (b *body) clip(s *ast.IfStmt, a *ast.AssignStmt) {
	if len(a.Lhs) == 1 && len(a.Rhs) == 1 && b.clipped != nil {
		if id, ok := ast.Unparen(a.Lhs[0]).(*ast.Ident); ok && isLen(b.p.info, a.Rhs[0]) {
			b.clipped[b.p.info.ObjectOf(id)] = true
		}
	}
}

func isLen(info *types.Info, e ast.Expr) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && code.IsBuiltin(info, c, "len")
}

// labels reports whether label names the statement s.
func (b *body) labels(s ast.Stmt, label *ast.Ident) bool {
	l, ok := b.p.info.Uses[label].(*types.Label)
	if !ok {
		return false
	}
	for _, n := range b.p.path(s) {
		if ls, ok := n.(*ast.LabeledStmt); ok && ls.Stmt == s {
			return b.p.info.Defs[ls.Label] == l
		}
	}
	return false
}

// errCheck reports whether cond is err != nil (either order).
func (p *prover) errCheck(cond ast.Expr) bool {
	c, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || c.Op != token.NEQ {
		return false
	}
	for _, pair := range [][2]ast.Expr{{c.X, c.Y}, {c.Y, c.X}} {
		if id, ok := ast.Unparen(pair[1]).(*ast.Ident); ok && id.Name == "nil" {
			if t := p.info.TypeOf(pair[0]); t != nil && types.Identical(t, types.Universe.Lookup("error").Type()) {
				return true
			}
		}
	}
	return false
}

// rowLoop proves the loop over a page's rows, for rows.Next() or a
// range over the page's slice, which runs once per row.
func (b *body) rowLoop(s ast.Stmt) string {
	switch l := s.(type) {
	case *ast.ForStmt:
		next, ok := ast.Unparen(l.Cond).(*ast.CallExpr)
		if ok && l.Init == nil && l.Post == nil && len(next.Args) == 0 {
			if sel, ok := next.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Next" && b.p.isMachinery(b.p.info.TypeOf(sel.X)) {
				return b.perRow(l, l.Body)
			}
		}
	case *ast.RangeStmt:
		if b.rangesPage(l.X) {
			b.neutral = append(b.neutral, l.X) // rows[start:end]
			return b.perRow(l, l.Body)
		}
	}
	return "the loop runs an inner loop rowalign does not follow once per page (" + b.p.where(s) + ")"
}

// rangesPage reports whether x is the slice of one page: a variable of
// the page, or a slice of a variable between position bounds
// (rows[start:end]) whose end is clipped to its length.
func (b *body) rangesPage(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		obj := b.p.info.ObjectOf(x)
		return b.page[obj] || b.pos[obj]
	case *ast.SliceExpr:
		if x.Max != nil || x.High == nil || b.pure(x) != "" {
			return false
		}
		hi, ok := ast.Unparen(x.High).(*ast.Ident)
		if !ok || b.clipped == nil {
			return false
		}
		return b.clipped[b.p.info.ObjectOf(hi)]
	}
	return false
}

// perRow proves the body of the loop over a page's rows: it leaves the
// page's rows only by return, by a panic or by ending the walk (a
// labeled break of an outer loop), never to go on with the next page
// (break, continue of the page loop, goto), and reads no position
// variable and no variable of the page that it has not set itself in
// that row (scan targets), other than counting rows in it.
func (b *body) perRow(loop ast.Stmt, body *ast.BlockStmt) string {
	why := ""
	var visit func(n ast.Node, inner int)
	visit = func(n ast.Node, inner int) {
		ast.Inspect(n, func(x ast.Node) bool {
			if why != "" {
				return false
			}
			switch x := x.(type) {
			case *ast.FuncLit:
				visit(x.Body, 1<<20) // its branches are its own
				return false
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if x != ast.Node(body) {
					for _, c := range children(x) {
						visit(c, inner+1)
					}
					return false
				}
			case *ast.BranchStmt:
				why = b.branch(x, loop, body, inner)
			case *ast.Ident:
				why = b.rowRead(x, body)
			}
			return true
		})
	}
	for _, s := range body.List {
		visit(s, 0)
	}
	return why
}

// children returns the parts of a statement that hold others, for
// perRow to count the depth of breakable statements.
func children(n ast.Node) []ast.Node {
	var out []ast.Node
	add := func(ns ...ast.Node) { out = append(out, ns...) }
	switch n := n.(type) {
	case *ast.ForStmt:
		if n.Init != nil {
			add(n.Init)
		}
		if n.Cond != nil {
			add(n.Cond)
		}
		if n.Post != nil {
			add(n.Post)
		}
		add(n.Body)
	case *ast.RangeStmt:
		if n.Key != nil {
			add(n.Key)
		}
		if n.Value != nil {
			add(n.Value)
		}
		add(n.X, n.Body)
	case *ast.SwitchStmt:
		if n.Init != nil {
			add(n.Init)
		}
		if n.Tag != nil {
			add(n.Tag)
		}
		add(n.Body)
	case *ast.TypeSwitchStmt:
		if n.Init != nil {
			add(n.Init)
		}
		add(n.Assign, n.Body)
	case *ast.SelectStmt:
		add(n.Body)
	}
	var nonNil []ast.Node
	for _, c := range out {
		if c != nil {
			nonNil = append(nonNil, c)
		}
	}
	return nonNil
}

// branch proves a branch statement in the rows' loop: inner counts the
// breakable statements between it and that loop.
func (b *body) branch(s *ast.BranchStmt, loop ast.Stmt, body *ast.BlockStmt, inner int) string {
	switch s.Tok {
	case token.GOTO:
		return "the loop leaves a row by goto (" + b.p.where(s) + ")"
	case token.FALLTHROUGH:
		return ""
	}
	if s.Label == nil {
		if s.Tok == token.BREAK && inner == 0 && !b.commits {
			return "a break stops reading the page at a row and goes on with the next page (" + b.p.where(s) + ")"
		}
		return ""
	}
	l, ok := b.p.info.Uses[s.Label].(*types.Label)
	if !ok || within(&ast.Ident{NamePos: l.Pos(), Name: l.Name()}, body) {
		return "" // a label inside the row's loop
	}
	if b.labels(loop, s.Label) {
		if s.Tok == token.BREAK && !b.commits {
			return "a break stops reading the page at a row and goes on with the next page (" + b.p.where(s) + ")"
		}
		return ""
	}
	if s.Tok == token.CONTINUE {
		return "continue " + s.Label.Name + " skips the rest of the page (" + b.p.where(s) + ")"
	}
	return "" // break of the page loop or beyond: the walk ends there
}

// rowRead proves an identifier in the rows' loop.
func (b *body) rowRead(id *ast.Ident, body *ast.BlockStmt) string {
	obj, ok := b.p.info.ObjectOf(id).(*types.Var)
	if !ok || b.p.isMachinery(obj.Type()) {
		return ""
	}
	write := b.p.assigned[id] || b.incDec(id, body) || b.addressed(id)
	switch {
	case b.pos[obj]:
		if write || b.setFirst(obj, body) {
			return "" // last = id, off++: the position follows the rows; Scan(&last), then last read
		}
		return "each row reads " + id.Name + ", where its page starts or ends (" + b.p.where(id) + ")"
	case b.batch[obj]:
		if write || b.selfAppend(id) {
			return ""
		}
		return "each row reads " + id.Name + ", which starts again every batch (" + b.p.where(id) + ")"
	case b.page[obj]:
		if b.counter(obj) || b.setFirst(obj, body) || b.pageRows(obj) && (b.p.assigned[id] || b.selfAppend(id)) {
			return "" // n++, a scan target, ids = append(ids, id)
		}
		return "each row reads " + id.Name + ", which starts again every page (" + b.p.where(id) + ")"
	}
	return ""
}

// incDec reports whether id is the operand of ++ or --.
func (b *body) incDec(id *ast.Ident, body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if s, ok := n.(*ast.IncDecStmt); ok && ast.Unparen(s.X) == id {
			found = true
		}
		if s, ok := n.(*ast.AssignStmt); ok && s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
			for _, l := range s.Lhs {
				if ast.Unparen(l) == id {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// addressed reports whether id is &id given to a call (rows.Scan(&id)).
func (b *body) addressed(id *ast.Ident) bool {
	path := b.p.path(id)
	if len(path) < 3 {
		return false
	}
	u, ok := path[1].(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return false
	}
	_, ok = path[2].(*ast.CallExpr)
	return ok
}

// selfAppend reports whether id is buf in buf = append(buf, ...).
func (b *body) selfAppend(id *ast.Ident) bool {
	path := b.p.path(id)
	if len(path) < 3 {
		return false
	}
	c, ok := path[1].(*ast.CallExpr)
	if !ok || len(c.Args) == 0 || c.Args[0] != id || !code.IsBuiltin(b.p.info, c, "append") {
		return false
	}
	a, ok := path[2].(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || a.Tok != token.ASSIGN {
		return false
	}
	l, ok := ast.Unparen(a.Lhs[0]).(*ast.Ident)
	return ok && b.p.info.ObjectOf(l) == b.p.info.ObjectOf(id)
}

// setFirst reports whether the first statement of body that mentions obj
// sets it before anything reads it: it is the row's own (a scan target).
func (b *body) setFirst(obj types.Object, body *ast.BlockStmt) bool {
	for _, s := range body.List {
		if !mentionsIn(b.p.info, s, obj) {
			continue
		}
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.ASSIGN && !mentions(b.p.info, s.Rhs, obj) {
				for _, l := range s.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && b.p.info.ObjectOf(id) == obj {
						return true
					}
				}
			}
			return b.scans(s, obj)
		}
		return b.scans(s, obj)
	}
	return true
}

// scans reports whether every mention of obj in s is &obj given to a
// call, and s calls nothing before it that could read obj.
func (b *body) scans(s ast.Stmt, obj types.Object) bool {
	ok := true
	ast.Inspect(s, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && b.p.info.ObjectOf(id) == obj && !b.addressed(id) {
			ok = false
		}
		return ok
	})
	return ok
}

// mentionsIn reports whether n refers to obj.
func mentionsIn(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && info.ObjectOf(id) == obj {
			found = true
		}
		return !found
	})
	return found
}

// machinery reports whether e is a call that only walks or commits:
// Next, Scan, Err, Close, Columns of the rows; Begin, Commit, Rollback,
// Prepare of a handle; RowsAffected of a result; Flush of an Appender;
// an Exec of BEGIN, COMMIT or ROLLBACK (sqltext's Kind.TxControl).
func (p *prover) machinery(e ast.Expr) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok || !p.isMachinery(p.info.TypeOf(sel.X)) {
		return false
	}
	switch sel.Sel.Name {
	case "Next", "Err", "Close", "Columns", "ColumnTypes", "Begin", "BeginTx", "Commit", "Rollback", "Prepare", "PrepareContext", "RowsAffected", "Flush":
		return true
	case "Exec", "ExecContext":
		for _, a := range c.Args {
			if tv, ok := p.info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				if sqltext.Parse(sqltext.Text{{Lit: constant.StringVal(tv.Value)}}).Kind.TxControl() {
					return true
				}
			}
		}
	}
	return false
}

// isMachinery reports whether t is a type of database/sql, sqlx, the
// DuckDB drivers, or error: values a walk uses to walk, whatever its
// page size.
func (p *prover) isMachinery(t types.Type) bool {
	if t == nil {
		return false
	}
	if types.Identical(t, types.Universe.Lookup("error").Type()) {
		return true
	}
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	path, _, ok := code.NamedType(t)
	if !ok {
		return false
	}
	switch path {
	case "database/sql", "database/sql/driver", "github.com/jmoiron/sqlx", "github.com/duckdb/duckdb-go/v2", "github.com/marcboeker/go-duckdb", "github.com/marcboeker/go-duckdb/v2":
		return true
	}
	return false
}
