package rewrite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/handle"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// Copy returns the rewrite of a LIMIT/OFFSET copy loop (INSERT INTO dst
// SELECT ... FROM src LIMIT ? OFFSET ? per page) into one pager.Copy, or
// the reason it offers none. The loop must run on a *sql.Tx: then the old
// loop and Copy write in the caller's one transaction, and after an error
// half-way both leave the caller a transaction to roll back, so what stays
// written is the same (nothing). On a *sql.DB or *sql.Conn each page
// committed by itself, and a failure kept the pages before it, where Copy
// keeps nothing: no fix. The loop body may hold nothing but the INSERT,
// its error test, RowsAffected and the end test: anything else ran once a
// page. The INSERT maps columns by position, pager.Copy by name:
// copyColumns proves they are the same mapping, and pager.Cast() makes
// Copy convert a value whose type differs as the INSERT did.
func Copy(in *check.Input, call *ast.CallExpr) (*Fix, string) {
	pass := in.Pass
	file, path, why := firstInLoop(pass, call, "the copy", "`res, err := tx.ExecContext(...)`", 3)
	if why != "" {
		return nil, why
	}
	loop, body := path[3].(*ast.ForStmt), path[2].(*ast.BlockStmt)
	assign := path[1].(*ast.AssignStmt)
	r := &rw{in: in, pass: pass, file: file, loop: loop, body: body}
	info := pass.TypesInfo
	if why := r.matchLoop(); why != "" {
		return nil, why
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || call.Ellipsis.IsValid() {
		return nil, "the copy is not tx.ExecContext(ctx, text, ..., n, off) or tx.Exec(text, ..., n, off)"
	}
	textArg, why := r.method(sel, call, "Exec")
	if why != "" {
		return nil, why
	}
	if !isTx(info.TypeOf(sel.X)) {
		return nil, "the copy does not run in one *sql.Tx, so each page committed by itself and a failure kept the pages before it; pager.Copy keeps none"
	}
	tv, ok := info.Types[call.Args[textArg]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil, "the copy's text is not a constant"
	}
	p, why := sqltext.ParsePlain(sqltext.Text{{Lit: constant.StringVal(tv.Value)}})
	if why != "" {
		return nil, why
	}
	if p.Into == "" {
		return nil, "the copy is not INSERT INTO dst [(columns)] SELECT columns FROM src [WHERE ...] LIMIT ? OFFSET ?"
	}
	if strings.EqualFold(lastPart(p.Into), lastPart(p.From)) {
		return nil, "the copy reads the table it writes"
	}
	args := call.Args[textArg+1:]
	want := p.WhereArgs + 1
	if p.Limit.Tok.Kind == sqltext.Placeholder {
		want++
	}
	if len(args) != want || info.Uses[code.Ident(args[len(args)-1])] != r.off {
		return nil, "the copy's arguments do not match its placeholders, or OFFSET is not the loop's offset"
	}
	if !r.limitIsStep(p, args) {
		return nil, "the LIMIT is not the value the offset advances by"
	}
	whereArgs := args[:p.WhereArgs]
	for _, a := range whereArgs {
		if r.mentionsOff(a) {
			return nil, "a WHERE argument depends on the offset"
		}
		if why := r.oncePerWalk(a); why != "" {
			return nil, why
		}
	}
	res, errID := code.Ident(assign.Lhs[0]), code.Ident(assign.Lhs[1])
	if res == nil || errID == nil || errID.Name == "_" || !isErrCheck(info, body.List[1], errID) {
		return nil, "the copy is not followed by `if err != nil { ... }`"
	}
	errCheck := body.List[1].(*ast.IfStmt)
	if r.mentionsOff(errCheck) {
		return nil, "the error test uses the offset"
	}
	// The rest: n, err := res.RowsAffected(); if err != nil {...}; if n < step { break }.
	rest := body.List[2:]
	if len(rest) == 3 {
		ra, ok := rest[0].(*ast.AssignStmt)
		if !ok || len(ra.Rhs) != 1 || !isRowsAffected(info, ra.Rhs[0], res) {
			return nil, "the loop body does more than copy a page"
		}
		if len(ra.Lhs) != 2 || !isErrCheck(info, rest[1], code.Ident(ra.Lhs[1])) {
			return nil, "RowsAffected's error is not tested"
		}
		rest = rest[2:]
	}
	if len(rest) != 1 {
		return nil, "the loop body does more than copy a page"
	}
	if !r.isCopyEnd(rest[0], res) {
		return nil, "the loop's end test is not `if n < size { break }` on RowsAffected"
	}
	cols, why := r.copyColumns(p)
	if why != "" {
		return nil, why
	}

	kept := []ast.Node{r.recv, r.ctx, errCheck.Cond, errCheck.Body}
	for _, a := range whereArgs {
		kept = append(kept, a)
	}
	if v := r.orphan([]ast.Node{loop}, kept); v != "" {
		return nil, "the rewrite would leave " + v + " unused: only the old loop read it (a page size the pager sets itself)"
	}
	if why := r.buildable(false); why != "" {
		return nil, why
	}

	code := fileSource(pass, file)
	if code == nil {
		return nil, "the source file cannot be read"
	}
	tf := pass.Fset.File(file.Pos())
	text := func(n ast.Node) string { return string(code[tf.Offset(n.Pos()):tf.Offset(n.End())]) }
	r.scopeNames = namesIn(body)
	pagerName, why := r.pagerName()
	if why != "" {
		return nil, why
	}
	ctx, why := r.ctxText(text)
	if why != "" {
		return nil, why
	}
	var b strings.Builder
	fmt.Fprintf(&b, "if _, %s := %s.Copy(%s, %s, %s, %s", errID.Name, pagerName, ctx, text(r.recv), strconv.Quote(p.From), strconv.Quote(p.Into))
	if len(cols) > 0 {
		q := make([]string, len(cols))
		for i, c := range cols {
			q[i] = strconv.Quote(c)
		}
		fmt.Fprintf(&b, ", %s.Columns(%s)", pagerName, strings.Join(q, ", "))
	}
	if p.Where != "" {
		fmt.Fprintf(&b, ", %s.Where(%s", pagerName, strconv.Quote(p.Where))
		for _, a := range whereArgs {
			b.WriteString(", " + text(a))
		}
		b.WriteString(")")
	}
	fmt.Fprintf(&b, ", %s.Cast()", pagerName)
	b.WriteString("); " + text(errCheck.Cond) + " " + text(errCheck.Body))
	edits := []analysis.TextEdit{{Pos: loop.Pos(), End: loop.End(), NewText: []byte(b.String())}}
	consts, deleted := r.staleConsts(code, tf, []ast.Node{loop}, kept)
	edits = append(edits, consts...)
	edits = append(edits, r.importEdits(code, tf)...)
	return &Fix{SuggestedFix: analysis.SuggestedFix{Message: "Copy the table with pager.Copy, in the same transaction", TextEdits: edits}, Loop: loop, deleted: deleted}, ""
}

// copyColumns returns the names to give pager.Copy's Columns (nil: every
// column), when its mapping of columns by name provably is the INSERT's
// by position, or why it is not known to be: the selected names must be
// the target list's, in order, or, without a target list, the target
// table's columns as the package creates it; SELECT * stands for the
// source table's columns as the package creates it. The source must be a
// table the package creates (pager.Copy refuses a view).
func (r *rw) copyColumns(p *sqltext.Plain) ([]string, string) {
	cat := catalogOf(r.in)
	srcCols, srcGenerated, why := cat.table(p.From, false)
	if why != "" {
		return nil, why
	}
	selected := p.Columns
	if selected == nil {
		if srcGenerated {
			return nil, "SELECT * of " + p.From + " reads a generated column, which pager.Copy maps apart"
		}
		selected = srcCols
	}
	if p.IntoCols != nil {
		if !equalFold(p.IntoCols, selected) {
			return nil, "the copy puts its columns into target columns of other names or order: the INSERT maps them by position, pager.Copy by name"
		}
		return p.IntoCols, ""
	}
	dstCols, dstGenerated, why := cat.table(p.Into, false)
	if why != "" {
		return nil, "the INSERT names no target columns, so it fills " + p.Into + "'s by position, and " + why
	}
	if dstGenerated {
		return nil, p.Into + " has a generated column, which the INSERT skips by position and pager.Copy by name"
	}
	if !equalFold(dstCols, selected) {
		return nil, "the copy's columns are not " + p.Into + "'s, in order: the INSERT maps them by position, pager.Copy by name"
	}
	return p.Columns, ""
}

// limitIsStep reports whether the copy's LIMIT is the value its offset
// advances by: otherwise it copied part of each stretch of the table.
func (r *rw) limitIsStep(p *sqltext.Plain, args []ast.Expr) bool {
	info := r.pass.TypesInfo
	if n, ok := p.Limit.Int(); ok {
		v := valueOf(info, r.step)
		return v.Kind() != constant.Unknown && constant.Compare(constant.MakeInt64(n), token.EQL, v)
	}
	l := args[p.WhereArgs]
	return sameVar(info, l, r.step) || sameValue(info, l, r.step)
}

func equalFold(a, b []string) bool {
	return slices.EqualFunc(a, b, strings.EqualFold)
}

func lastPart(name string) string { return name[strings.LastIndex(name, ".")+1:] }

// isCopyEnd reports whether s ends the copy loop when a page came back
// short: `if n < step { break }` (or n == 0) on a count from RowsAffected,
// taken before or in the if's own init (`if n, _ := res.RowsAffected(); ...`).
func (r *rw) isCopyEnd(s ast.Stmt, res *ast.Ident) bool {
	info := r.pass.TypesInfo
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return false
	}
	if br, ok := ifs.Body.List[0].(*ast.BranchStmt); !ok || br.Tok != token.BREAK || br.Label != nil {
		return false
	}
	if ifs.Init != nil {
		a, ok := ifs.Init.(*ast.AssignStmt)
		if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 2 || len(a.Rhs) != 1 || !isRowsAffected(info, a.Rhs[0], res) {
			return false
		}
	}
	bin, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || code.Ident(bin.X) == nil {
		return false
	}
	switch {
	case bin.Op == token.LSS && (sameVar(info, bin.Y, r.step) || sameValue(info, bin.Y, r.step)):
	case (bin.Op == token.EQL || bin.Op == token.LEQ) && isZero(info, bin.Y):
	default:
		return false
	}
	// The count must come from RowsAffected: in the init, or the
	// statement before (checked by the caller).
	v, _ := info.Uses[code.Ident(bin.X)].(*types.Var)
	return v != nil && within(v.Pos(), r.body)
}

func fileSource(pass *analysis.Pass, f *ast.File) []byte {
	b, err := pass.ReadFile(pass.Fset.File(f.Pos()).Name())
	if err != nil {
		return nil
	}
	return b
}

// isRowsAffected reports whether e is res.RowsAffected().
func isRowsAffected(info *types.Info, e ast.Expr, res *ast.Ident) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok || len(c.Args) != 0 {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "RowsAffected" && code.Ident(sel.X) != nil && info.Uses[code.Ident(sel.X)] == info.Defs[res]
}

// isTx reports whether t is *sql.Tx.
func isTx(t types.Type) bool {
	return handle.IsPointer(t) && handle.IsTx(t) && handle.FromSQL(t)
}
