package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/handle"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// The pager's pages are whole row groups, not n rows: what a body does
// once a page, or with a count of a page's rows, it would do for other
// pages. A LIMIT/OFFSET page without ORDER BY and a rowid range both give
// their rows in rowid order, so what the body does once a row it does for
// the same rows in the same order; what it does once a page it must not do
// at all. perPage allows, around the one row loop, only what ends with the
// page and leaves nothing behind: the error tests, rows.Close, and the end
// test with its counter, which the rewrite deletes.

// perPage returns why the body's result may depend on where its pages
// end, or "".
func (r *rw) perPage() string {
	var rowLoop *ast.ForStmt
	for _, s := range r.body.List[2:] {
		if s == ast.Stmt(r.end) || r.isCounterUse(s) {
			continue
		}
		switch s := s.(type) {
		case *ast.ForStmt:
			if rowLoop == nil && s.Init == nil && s.Post == nil && r.isRowsCall(s.Cond, "Next") {
				rowLoop = s
				continue
			}
		case *ast.ExprStmt:
			if r.isRowsCall(s.X, "Close") {
				continue
			}
		case *ast.DeferStmt:
			if r.isRowsCall(s.Call, "Close") {
				continue
			}
		case *ast.IfStmt:
			if r.isRowsErrTest(s) {
				continue
			}
		}
		return "the body runs a statement once a page (line " + r.line(s) + "): the pager's pages end elsewhere, so it would run another number of times"
	}
	if rowLoop == nil {
		return "the body does not read its rows in one `for rows.Next() { ... }`"
	}
	if r.counterRead {
		return "the body reads the row counter " + r.counter.Name() + ", which counts one page's rows: the pager's pages hold other rows"
	}
	if why := r.oncePerRow(rowLoop); why != "" {
		return why
	}
	if b := breakOut(rowLoop.Body); b != nil {
		return "the body stops reading a page early (break, line " + r.line(b) + "): the old walk then ended, its page being short, and the pager's would go on"
	}
	return ""
}

// oncePerRow checks that the end test's counter counts every row: one
// increment, a statement of the row loop's own body, with no continue
// before it. A count of some rows only ended the old walk at the first
// page where fewer of them came, which the pager's walk would not.
func (r *rw) oncePerRow(rowLoop *ast.ForStmt) string {
	var inc ast.Stmt
	for _, s := range r.counterUse {
		if _, ok := s.(*ast.IncDecStmt); !ok {
			continue
		}
		if inc != nil {
			return "the body counts the rows in more than one place"
		}
		inc = s
	}
	if inc == nil {
		return "the end test's counter is not counted up once a row (count++)"
	}
	top := false
	for _, s := range rowLoop.Body.List {
		top = top || s == inc
	}
	if !top {
		return "the end test's counter is not counted up once a row (count++ in the row loop's body)"
	}
	skips := false
	ast.Inspect(rowLoop.Body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= inc.Pos() {
			return false
		}
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.CONTINUE {
			skips = true
		}
		return !skips
	})
	if skips {
		return "the body skips rows (continue) before counting them: the end test's counter counts some rows only"
	}
	return ""
}

// isCounterUse reports whether s is the counter's declaration or
// increment, which go with the end test.
func (r *rw) isCounterUse(s ast.Stmt) bool {
	for _, u := range r.counterUse {
		if u == s {
			return true
		}
	}
	return false
}

// isRowsCall reports whether e is rows.name(...) on the page's rows.
func (r *rw) isRowsCall(e ast.Expr, name string) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id := code.Ident(sel.X)
	return id != nil && r.pass.TypesInfo.Uses[id] != nil && r.pass.TypesInfo.Uses[id] == r.pass.TypesInfo.Defs[r.rows]
}

// isRowsErrTest reports whether s is `if err := rows.Err(); err != nil
// { ... }` (or rows.Close()), or `if rows.Err() != nil { ... }`, whose
// body ends the walk: it runs once a page, but acts only on an error.
func (r *rw) isRowsErrTest(s *ast.IfStmt) bool {
	info := r.pass.TypesInfo
	if s.Init == nil {
		bin, ok := s.Cond.(*ast.BinaryExpr)
		if !ok || bin.Op != token.NEQ || !r.isRowsCall(bin.X, "Err") || code.Ident(bin.Y) == nil || code.Ident(bin.Y).Name != "nil" {
			return false
		}
		// The same test, on a stand-in error variable.
		return isErrCheck(info, &ast.IfStmt{Cond: &ast.BinaryExpr{X: ast.NewIdent("err"), Op: token.NEQ, Y: bin.Y}, Body: s.Body}, ast.NewIdent("err"))
	}
	a, ok := s.Init.(*ast.AssignStmt)
	if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 1 || len(a.Rhs) != 1 || !r.isRowsCall(a.Rhs[0], "Err") && !r.isRowsCall(a.Rhs[0], "Close") {
		return false
	}
	id := code.Ident(a.Lhs[0])
	return id != nil && isErrCheck(info, &ast.IfStmt{Cond: s.Cond, Body: s.Body}, id)
}

// breakOut returns a break that leaves the row loop whose body is b, or
// nil.
func breakOut(b *ast.BlockStmt) ast.Node {
	var found ast.Node
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			return false // a break in them leaves them
		case *ast.BranchStmt:
			if n.Tok == token.BREAK && n.Label == nil && found == nil {
				found = n
			}
		}
		return found == nil
	}
	for _, s := range b.List {
		ast.Inspect(s, visit)
	}
	return found
}

// runsSQL returns why the loop runs SQL besides its page query, or "":
// the pager holds one connection and one snapshot for the whole walk
// (and, on a *sql.Tx, writes the walked table's database to pin its
// rowids), where the old loop ran each page by itself. A statement of the
// body could see or write what the old loop's pages did not, wait for the
// connection the walk holds, or fail in a transaction that already wrote
// another database.
func (r *rw) runsSQL(query *ast.CallExpr) string {
	for _, q := range r.in.Walks.Queries {
		if q.Call != query && within(q.Call.Pos(), r.loop) {
			return "the body runs SQL (line " + r.line(q.Call) + "), which the pager's one connection and snapshot for the walk would change"
		}
	}
	var why string
	ast.Inspect(r.loop.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || c == query || why != "" {
			return why == ""
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if s, ok := r.pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.MethodVal && isSQLHandle(s.Recv()) {
			why = "the body calls " + sel.Sel.Name + " on a database handle (line " + r.line(c) + "), which the pager's one connection and snapshot for the walk would change"
		}
		return why == ""
	})
	return why
}

// ownTx returns why the pager's own transaction for the walk could fail
// where the old loop did not, or "". On a *sql.DB or *sql.Conn the pager
// begins a transaction: a package that begins them with SQL (BEGIN) may
// hold one open on that connection, and DuckDB begins none inside another.
// On a *sql.Tx the pager writes the walked table's database to pin its
// rowids (DELETE ... WHERE false): a package that attaches databases may
// write another one in that transaction, and DuckDB lets a transaction
// write one database.
func (r *rw) ownTx() string {
	tx := isTx(r.pass.TypesInfo.TypeOf(r.recv))
	for _, q := range r.in.Walks.Queries {
		switch {
		case !tx && q.Shape.Kind == sqltext.Begin:
			return "the package begins transactions with SQL (BEGIN, line " + r.line(q.Call) + "): the pager begins its own on the walk's connection, which DuckDB refuses inside one"
		case tx && q.Shape.Kind == sqltext.Attach:
			return "the walk runs in the caller's transaction and the package attaches databases (line " + r.line(q.Call) + "): the pager writes the walked table's database to pin its rowids, and DuckDB lets a transaction write one database"
		}
	}
	return ""
}

// isSQLHandle reports whether t is database/sql's DB, Conn, Tx or Stmt, or
// a pointer to one.
func isSQLHandle(t types.Type) bool {
	k := handle.Of(t)
	return k != handle.None && k != handle.Rows && handle.FromSQL(t)
}

// line returns the line n starts on.
func (r *rw) line(n ast.Node) string {
	return strconv.Itoa(r.pass.Fset.Position(n.Pos()).Line)
}
