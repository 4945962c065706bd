package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/handle"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// PagerPath is the import path of rowalign's pager.
const PagerPath = "github.com/rowalign/rowalign/runtime/pager"

// NoPager is Explain's reason when the rewrite is proven but would not
// build: the package's import graph does not hold the pager, so its module
// may not require it (build.go). offsetwalk's finding then says how to
// enable the rewrite.
const NoPager = "the package does not import " + PagerPath + ", so its module may not provide it: the rewrite would not build"

// ordered is the reason an ORDER BY or keyset walk gets no fix: the pager
// reads rowid order, and proving a body indifferent to the order it sees
// its rows in was sometimes wrong (docs/reference/offsetwalk.md, "The fix, shape by shape").
const ordered = "the walk reads in key order (ORDER BY or keyset) and the pager in rowid order: ordered walks are not rewritten"

// A Fix is the rewrite of one walk: the edits of its suggested fix, and
// the loop they replace (other fixes must keep out of it).
type Fix struct {
	analysis.SuggestedFix
	Loop *ast.ForStmt
	// deleted are the declarations of constants only the old loop used,
	// which the fix deletes with it.
	deleted []ast.Node
}

// Replaces reports whether the fix rewrites or deletes the text at pos: in
// its loop, or in a constant declaration it deletes. A size fix there
// would edit the same text.
func (f *Fix) Replaces(pos token.Pos) bool {
	if f.Loop.Pos() <= pos && pos < f.Loop.End() {
		return true
	}
	for _, n := range f.deleted {
		if n.Pos() <= pos && pos < n.End() {
			return true
		}
	}
	return false
}

// For returns the fix that walks w with the pager instead, or nil: only
// a LIMIT/OFFSET walk without ORDER BY, in the one loop shape Walk (or
// Copy) proves computes what the loop computed, over a table the package
// creates, in a package that can import the pager (docs/reference/offsetwalk.md,
// "The fix, shape by shape"). The offsetwalk check attaches it; the size checks leave the sizes
// it replaces to it (Replaces), when offsetwalk runs, so that the two fixes
// never edit the same text.
func For(in *check.Input, w *pagewalk.Walk) *Fix {
	fix, _ := Explain(in, w)
	return fix
}

// Explain is For with the reason it offers no fix ("" with a fix; NoPager
// when only the pager's import is missing).
func Explain(in *check.Input, w *pagewalk.Walk) (*Fix, string) {
	if w.Query == nil {
		return nil, "the walk's query is not in this function"
	}
	switch {
	case w.Strategy == pagewalk.Keyset, w.Strategy == pagewalk.OffsetLimit && w.Ordered():
		return nil, ordered
	case w.Strategy != pagewalk.OffsetLimit:
		return nil, "the walk is neither LIMIT/OFFSET nor a keyset read"
	case w.Write:
		return Copy(in, w.Query.Call)
	}
	return Walk(in, w.Query.Call)
}

// Walk returns the pager rewrite of the LIMIT/OFFSET read walk whose query
// is call, or "" and the reason it offers none.
func Walk(in *check.Input, call *ast.CallExpr) (*Fix, string) {
	file, path, why := firstInLoop(in.Pass, call, "the query", "`rows, err := ...`", 2)
	if why != "" {
		return nil, why
	}
	loop, body := path[3].(*ast.ForStmt), path[2].(*ast.BlockStmt)
	assign := path[1].(*ast.AssignStmt)
	r := &rw{in: in, pass: in.Pass, file: file, loop: loop, body: body, rowGroup: int64(in.Settings.RowGroup)}
	// The loop is the last statement of its function: an end test that
	// returns can return after the new loop instead.
	if len(path) > 5 {
		fn, _ := path[4].(*ast.BlockStmt)
		switch path[5].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			r.last = fn != nil && len(fn.List) > 0 && fn.List[len(fn.List)-1] == loop
		}
	}
	if why := r.match(assign, call); why != "" {
		return nil, why
	}
	// What the rewrite deletes, and what of it the new code keeps; the
	// loop's Init and Post are interfaces, nil when absent, r.end a
	// pointer, added only when there is one.
	removed := []ast.Node{r.loop.Init, r.loop.Post, r.body.List[0]}
	if r.end != nil {
		removed = append(removed, r.end)
	}
	for _, s := range r.counterUse {
		removed = append(removed, s)
	}
	kept := []ast.Node{r.recv, r.ctx}
	for _, a := range r.whereArgs {
		kept = append(kept, a)
	}
	if r.endReturn != nil {
		kept = append(kept, r.endReturn)
	}
	if v := r.orphan(removed, kept); v != "" {
		return nil, "the rewrite would leave " + v + " unused: only the old loop read it (a page size the pager sets itself)"
	}
	if why := r.buildable(true); why != "" {
		return nil, why
	}
	return r.edits(removed, kept)
}

// results takes the query's rows and error variables, and checks that the
// error test follows the query: it stays as it is, and the page's rows are
// taken after it.
func (r *rw) results(assign *ast.AssignStmt) string {
	r.rows, r.err = code.Ident(assign.Lhs[0]), code.Ident(assign.Lhs[1])
	if r.rows == nil || r.err == nil || r.rows.Name == "_" || r.err.Name == "_" {
		return "the query's results are not assigned to two variables"
	}
	if !isErrCheck(r.pass.TypesInfo, r.body.List[1], r.err) {
		return "the query is not followed by `if err != nil { ... }`"
	}
	return ""
}

// firstInLoop finds the loop call runs in as `x, y := call`, the first of
// at least min statements of a for loop that has no label: it returns the
// call's file and its path (call, statement, body, loop, ...), or why not.
// what names the call and shape its statement in the reasons.
func firstInLoop(pass *analysis.Pass, call *ast.CallExpr, what, shape string, min int) (*ast.File, []ast.Node, string) {
	file := fileOf(pass, call.Pos())
	if file == nil {
		return nil, nil, what + " is not in a file of this package"
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	if len(path) < 4 {
		return nil, nil, what + " is not the first statement of a for loop"
	}
	assign, ok1 := path[1].(*ast.AssignStmt)
	body, ok2 := path[2].(*ast.BlockStmt)
	_, ok3 := path[3].(*ast.ForStmt)
	if !ok1 || !ok2 || !ok3 || len(body.List) < min || body.List[0] != assign || assign.Tok != token.DEFINE || len(assign.Lhs) != 2 || len(assign.Rhs) != 1 || assign.Rhs[0] != call {
		return nil, nil, what + " is not " + shape + " as the first statement of a for loop"
	}
	if len(path) > 4 {
		if _, labelled := path[4].(*ast.LabeledStmt); labelled {
			return nil, nil, "the loop has a label"
		}
	}
	return file, path, ""
}

// rw is one rewrite under way.
type rw struct {
	in       *check.Input
	pass     *analysis.Pass
	file     *ast.File
	loop     *ast.ForStmt
	body     *ast.BlockStmt
	rowGroup int64

	off         *types.Var // the offset the loop advances
	step        ast.Expr   // what it advances by
	rows, err   *ast.Ident
	recv, ctx   ast.Expr
	cols        []string
	table       string
	where       string
	whereArgs   []ast.Expr
	groups      int64           // RowGroups(groups); 0: the pager's default
	end         *ast.IfStmt     // the end test
	endReturn   *ast.ReturnStmt // the end test's return, which goes after the new loop
	last        bool            // the loop is its function's last statement
	counter     *types.Var      // the row counter the end test reads
	counterUse  []ast.Stmt      // its declaration and increments, when they go with the test
	counterRead bool            // something else reads the counter
	scopeNames  map[string]bool
	// stepVal is the page size when it is written in the SQL text, where
	// step (nil then) is not.
	stepVal constant.Value
}

func (r *rw) match(assign *ast.AssignStmt, call *ast.CallExpr) string {
	info := r.pass.TypesInfo
	if why := r.matchLoop(); why != "" {
		return why
	}
	// The query: rows, err := q.QueryContext(ctx, text, [args...,] n, off),
	// or q.Query(text, ...), which runs in context.Background().
	textArg, text, why := r.query(call, "n, off")
	if why != "" {
		return why
	}
	p, why := sqltext.ParsePlain(sqltext.Text{{Lit: text}})
	if why != "" {
		return why
	}
	if p.Into != "" {
		return "the query is an INSERT"
	}
	r.cols, r.table, r.where = p.Columns, p.From, p.Where
	args := call.Args[textArg+1:]
	wantArgs := p.WhereArgs + 1
	if p.Limit.Tok.Kind == sqltext.Placeholder {
		wantArgs++
	}
	if len(args) != wantArgs {
		return "the query's arguments do not match its placeholders"
	}
	if info.Uses[code.Ident(args[len(args)-1])] != r.off {
		return "the OFFSET argument is not the loop's offset"
	}
	r.whereArgs = args[:p.WhereArgs]
	for _, a := range r.whereArgs {
		if r.mentionsOff(a) {
			return "a WHERE argument depends on the offset"
		}
		if why := r.oncePerWalk(a); why != "" {
			return why
		}
	}
	// The page size: the LIMIT and the step must be the same value.
	var limit constant.Value
	if n, ok := p.Limit.Int(); ok {
		limit = constant.MakeInt64(n)
	} else {
		limit = valueOf(info, args[p.WhereArgs])
		if limit.Kind() == constant.Unknown && !sameVar(info, args[p.WhereArgs], r.step) {
			return "the LIMIT is not the value the offset advances by"
		}
	}
	stepVal := valueOf(info, r.step)
	if limit.Kind() != constant.Unknown {
		if stepVal.Kind() == constant.Unknown || !constant.Compare(limit, token.EQL, stepVal) {
			return "the LIMIT is not the value the offset advances by"
		}
	}
	if v, ok := constant.Int64Val(constant.ToInt(stepVal)); ok && v > 0 {
		r.groups = max(1, (v+r.rowGroup/2)/r.rowGroup)
	}

	if why := r.results(assign); why != "" {
		return why
	}
	for _, s := range r.body.List[1:] {
		if r.mentionsOff(s) {
			return "the body uses the offset"
		}
	}
	if hasGoto(r.body) {
		return "the loop body has goto or labelled jumps"
	}
	if why := r.findEnd(); why != "" {
		return why
	}
	if why := r.perPage(); why != "" {
		return why
	}
	if why := r.runsSQL(call); why != "" {
		return why
	}
	if why := r.ownTx(); why != "" {
		return why
	}
	if _, _, why := catalogOf(r.in).table(r.table, true); why != "" {
		return why
	}
	r.scopeNames = namesIn(r.body)
	return ""
}

// oncePerWalk returns why the WHERE argument e may differ from page to
// page: the old loop evaluated it per page, the pager evaluates it once.
// It may not call a function (time.Now()) nor read a variable the loop
// writes.
func (r *rw) oncePerWalk(e ast.Expr) string {
	info := r.pass.TypesInfo
	written := map[types.Object]bool{}
	note := func(x ast.Expr) {
		for {
			switch y := ast.Unparen(x).(type) {
			case *ast.SelectorExpr:
				x = y.X
				continue
			case *ast.IndexExpr:
				x = y.X
				continue
			case *ast.StarExpr:
				x = y.X
				continue
			case *ast.Ident:
				written[info.Uses[y]] = true
			}
			return
		}
	}
	ast.Inspect(r.loop.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				note(l)
			}
		case *ast.IncDecStmt:
			note(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				note(n.X)
			}
		}
		return true
	})
	why := ""
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; !ok || !tv.IsType() {
				why = "a WHERE argument is a call, which the old loop made per page and the pager once"
			}
		case *ast.Ident:
			if obj := info.Uses[n]; obj != nil && written[obj] {
				why = "a WHERE argument reads " + n.Name + ", which the loop changes"
			}
		}
		return why == ""
	})
	return why
}

// query matches a read walk's query call on a handle the pager takes, with
// a constant text: it returns the index of the text argument and the
// text, or why not. last names the call's last arguments in the reason.
func (r *rw) query(call *ast.CallExpr, last string) (int, string, string) {
	info := r.pass.TypesInfo
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || call.Ellipsis.IsValid() {
		return 0, "", fmt.Sprintf("the query is not q.QueryContext(ctx, text, ..., %s) or q.Query(text, ..., %s)", last, last)
	}
	textArg, why := r.methodArgs(sel, call, "Query", 1)
	if why != "" {
		return 0, "", why
	}
	if !isHandle(info.TypeOf(sel.X)) {
		return 0, "", "the query runs on a type the pager does not take (it takes *sql.DB, *sql.Conn and *sql.Tx)"
	}
	tv, ok := info.Types[call.Args[textArg]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return 0, "", "the query text is not a constant"
	}
	return textArg, constant.StringVal(tv.Value), ""
}

// method matches the call's method, name+"Context" with a context or
// name without, sets r.recv and r.ctx (nil without), and returns the index
// of the text argument. The call needs at least the text, the offset and
// one more argument (the LIMIT's, or a WHERE's).
func (r *rw) method(sel *ast.SelectorExpr, call *ast.CallExpr, name string) (int, string) {
	return r.methodArgs(sel, call, name, 2)
}

// methodArgs is method with at least minArgs arguments after the text.
func (r *rw) methodArgs(sel *ast.SelectorExpr, call *ast.CallExpr, name string, minArgs int) (int, string) {
	textArg := 0
	switch sel.Sel.Name {
	case name + "Context":
		textArg = 1
		r.ctx = call.Args[0]
	case name:
	default:
		return 0, fmt.Sprintf("the call is not q.%sContext(ctx, text, ..., n, off) or q.%s(text, ..., n, off)", name, name)
	}
	if len(call.Args) < textArg+1+minArgs {
		return 0, "the call has fewer arguments than its text and page position need"
	}
	r.recv = sel.X
	return textArg, ""
}

// matchLoop matches the loop's header: for off := 0; ; off += step.
func (r *rw) matchLoop() string {
	info := r.pass.TypesInfo
	init, ok := r.loop.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 || !isZero(info, init.Rhs[0]) {
		return "the loop does not start at offset 0 (`for off := 0; ...`)"
	}
	offID, ok := init.Lhs[0].(*ast.Ident)
	if !ok {
		return "the loop does not start at offset 0"
	}
	r.off, _ = info.Defs[offID].(*types.Var)
	if r.off == nil {
		return "the offset is not a variable"
	}
	if r.loop.Cond != nil {
		return "the loop has a condition of its own, so it may stop before the table's end"
	}
	post, ok := r.loop.Post.(*ast.AssignStmt)
	if !ok || post.Tok != token.ADD_ASSIGN || len(post.Lhs) != 1 || info.Uses[code.Ident(post.Lhs[0])] != r.off {
		return "the offset does not advance by `off += n`"
	}
	r.step = post.Rhs[0]
	return ""
}

// findEnd finds the loop's end test: `if count < n { break }` (or
// count == 0) at the top level of the body, where count is a local counted
// up once per row. When the loop is its function's last statement, the
// test may return instead of break (`if n < size { return nil }`): the
// return then goes after the new loop, so its results may name nothing
// declared in the loop. It also notes the counter's declaration and
// increments when the end test is its only reader, so they go too.
func (r *rw) findEnd() string {
	info := r.pass.TypesInfo
	for _, s := range r.body.List[2:] {
		ifs, ok := s.(*ast.IfStmt)
		if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
			continue
		}
		ret, isReturn := ifs.Body.List[0].(*ast.ReturnStmt)
		if br, ok := ifs.Body.List[0].(*ast.BranchStmt); !isReturn && (!ok || br.Tok != token.BREAK || br.Label != nil) {
			continue
		}
		bin, ok := ifs.Cond.(*ast.BinaryExpr)
		if !ok {
			continue
		}
		v, _ := info.Uses[code.Ident(bin.X)].(*types.Var)
		if v == nil || v.Parent() == nil || !within(v.Pos(), r.body) {
			continue
		}
		switch {
		case bin.Op == token.LSS && r.isStep(bin.Y):
		case (bin.Op == token.EQL || bin.Op == token.LEQ) && isZero(info, bin.Y):
		default:
			continue
		}
		if r.end != nil {
			return "the loop has more than one end test"
		}
		if isReturn {
			if !r.last {
				return "the end test returns, and the loop is not its function's last statement"
			}
			if r.namesLoopLocal(ret) {
				return "the end test returns a value declared in the loop"
			}
			r.endReturn = ret
		}
		r.end, r.counter = ifs, v
	}
	if r.end == nil {
		return "the loop's end test is not `if count < n { break }` (or `return`, when the loop ends its function) on a row counter"
	}
	// The counter goes with the test when nothing else reads it.
	var uses []ast.Stmt
	only := true
	ast.Inspect(r.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			if n == r.end {
				return false
			}
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Lhs) == 1 && info.Defs[code.Ident(n.Lhs[0])] == r.counter && isZero(info, n.Rhs[0]) {
				uses = append(uses, n)
				return false
			}
		case *ast.IncDecStmt:
			if n.Tok == token.INC && info.Uses[code.Ident(n.X)] == r.counter {
				uses = append(uses, n)
				return false
			}
		case *ast.DeclStmt:
			if gd, ok := n.Decl.(*ast.GenDecl); ok && len(gd.Specs) == 1 {
				if vs, ok := gd.Specs[0].(*ast.ValueSpec); ok && len(vs.Names) == 1 && info.Defs[vs.Names[0]] == r.counter && (len(vs.Values) == 0 || isZero(info, vs.Values[0])) {
					uses = append(uses, n)
					return false
				}
			}
		case *ast.Ident:
			if info.Uses[n] == r.counter || info.Defs[n] == r.counter {
				only = false
			}
		}
		return true
	})
	r.counterUse, r.counterRead = uses, !only
	return ""
}

// isStep reports whether e is the page size: the step's variable or
// value.
func (r *rw) isStep(e ast.Expr) bool {
	info := r.pass.TypesInfo
	if r.step == nil {
		v := valueOf(info, e)
		return r.stepVal != nil && v.Kind() != constant.Unknown && constant.Compare(v, token.EQL, r.stepVal)
	}
	return sameVar(info, e, r.step) || sameValue(info, e, r.step)
}

// edits builds the fix: the new loop in place of the parts of the old one
// in removed, and the deletion of the constants only they read.
func (r *rw) edits(removed, kept []ast.Node) (*Fix, string) {
	src, err := r.pass.ReadFile(r.pass.Fset.File(r.file.Pos()).Name())
	if err != nil {
		return nil, "the source file cannot be read"
	}
	tf := r.pass.Fset.File(r.file.Pos())
	text := func(n ast.Node) string { return string(src[tf.Offset(n.Pos()):tf.Offset(n.End())]) }
	pagerName, why := r.pagerName()
	if why != "" {
		return nil, why
	}
	page := r.fresh("page")

	var call strings.Builder
	ctx, why := r.ctxText(text)
	if why != "" {
		return nil, why
	}
	fmt.Fprintf(&call, "for %s, %s := range %s.Pages(%s, %s, %s", page, r.err.Name, pagerName, ctx, text(r.recv), strconv.Quote(r.table))
	if len(r.cols) > 0 {
		q := make([]string, len(r.cols))
		for i, c := range r.cols {
			q[i] = strconv.Quote(c)
		}
		fmt.Fprintf(&call, ", %s.Columns(%s)", pagerName, strings.Join(q, ", "))
	}
	if r.where != "" {
		fmt.Fprintf(&call, ", %s.Where(%s", pagerName, strconv.Quote(r.where))
		for _, a := range r.whereArgs {
			call.WriteString(", " + text(a))
		}
		call.WriteString(")")
	}
	if r.groups > 0 {
		fmt.Fprintf(&call, ", %s.RowGroups(%d)", pagerName, r.groups)
	}
	call.WriteString(") {")

	edits := []analysis.TextEdit{
		// The header, through the body's brace.
		{Pos: r.loop.Pos(), End: r.loop.Body.Lbrace + 1, NewText: []byte(call.String())},
		// The query goes; the page's rows come after the error test.
		del(r.body.Lbrace+1, r.body.List[0].End()),
		{Pos: r.body.List[1].End(), End: r.body.List[1].End(), NewText: []byte("\n" + indentOf(src, tf, r.body.List[1].Pos()) + r.rows.Name + " := " + page + ".Rows")},
	}
	edits = append(edits, deleteStmt(r.body, r.end))
	if r.endReturn != nil {
		edits = append(edits, analysis.TextEdit{Pos: r.loop.End(), End: r.loop.End(), NewText: []byte("\n" + indentOf(src, tf, r.loop.Pos()) + text(r.endReturn))})
	}
	for _, s := range r.counterUse {
		edits = append(edits, deleteStmt(enclosingBlock(r.body, s), s))
	}
	consts, deleted := r.staleConsts(src, tf, removed, kept)
	edits = append(edits, consts...)
	edits = append(edits, r.importEdits(src, tf)...)
	msg := "Walk the table with pager.Pages"
	if r.groups > 0 {
		msg = fmt.Sprintf("Walk the table with pager.Pages, %d row group%s a page", r.groups, plural(r.groups))
	}
	return &Fix{SuggestedFix: analysis.SuggestedFix{Message: msg, TextEdits: edits}, Loop: r.loop, deleted: deleted}, ""
}

func plural(n int64) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// fresh returns name, or name with a number, that the loop body does not
// use yet.
func (r *rw) fresh(name string) string {
	n := name
	for i := 2; r.scopeNames[n] || r.pass.Pkg.Scope().Lookup(n) != nil; i++ {
		n = name + strconv.Itoa(i)
	}
	return n
}

// namesLoopLocal reports whether n uses something declared inside the loop.
func (r *rw) namesLoopLocal(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := r.pass.TypesInfo.Uses[id]; obj != nil && within(obj.Pos(), r.loop) {
				found = true
			}
		}
		return !found
	})
	return found
}

func (r *rw) mentionsOff(n ast.Node) bool {
	if r.off == nil {
		return false
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && r.pass.TypesInfo.Uses[id] == r.off {
			found = true
		}
		return !found
	})
	return found
}

// del deletes pos..end.
func del(pos, end token.Pos) analysis.TextEdit {
	return analysis.TextEdit{Pos: pos, End: end}
}

// deleteStmt deletes s and the line break and indentation before it: from
// the end of the statement before it in block (or the block's brace).
func deleteStmt(block *ast.BlockStmt, s ast.Stmt) analysis.TextEdit {
	from := block.Lbrace + 1
	for _, t := range block.List {
		if t == s {
			break
		}
		from = t.End()
	}
	return del(from, s.End())
}

// enclosingBlock returns the block inside root whose statements include s.
func enclosingBlock(root *ast.BlockStmt, s ast.Stmt) *ast.BlockStmt {
	var found *ast.BlockStmt
	ast.Inspect(root, func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockStmt); ok {
			for _, t := range b.List {
				if t == s {
					found = b
				}
			}
		}
		return found == nil
	})
	return found
}

// indentOf returns the white space that starts the line of pos.
func indentOf(src []byte, tf *token.File, pos token.Pos) string {
	off := tf.Offset(pos)
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	return string(src[start:off])
}

func fileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

func within(pos token.Pos, n ast.Node) bool { return n.Pos() <= pos && pos < n.End() }

func isZero(info *types.Info, e ast.Expr) bool {
	v := valueOf(info, e)
	return v.Kind() == constant.Int && constant.Sign(v) == 0
}

func valueOf(info *types.Info, e ast.Expr) constant.Value {
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return tv.Value
	}
	return constant.MakeUnknown()
}

func sameValue(info *types.Info, a, b ast.Expr) bool {
	va, vb := valueOf(info, a), valueOf(info, b)
	return va.Kind() != constant.Unknown && vb.Kind() != constant.Unknown && constant.Compare(va, token.EQL, vb)
}

// sameVar reports whether a and b name the same variable or constant.
func sameVar(info *types.Info, a, b ast.Expr) bool {
	ia, ib := code.Ident(a), code.Ident(b)
	return ia != nil && ib != nil && info.Uses[ia] != nil && info.Uses[ia] == info.Uses[ib]
}

// isHandle reports whether t is *sql.DB, *sql.Conn or *sql.Tx.
func isHandle(t types.Type) bool {
	return handle.IsPointer(t) && handle.Is(t) && handle.FromSQL(t)
}

// isErrCheck reports whether s is `if err != nil { ... }` on err whose
// body ends the iteration (return, break, continue or a call that does not
// return, such as log.Fatal or panic): the pager yields no page with an
// error.
func isErrCheck(info *types.Info, s ast.Stmt, err *ast.Ident) bool {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) == 0 {
		return false
	}
	bin, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ || code.Ident(bin.X) == nil || code.Ident(bin.X).Name != err.Name {
		return false
	}
	if id := code.Ident(bin.Y); id == nil || id.Name != "nil" {
		return false
	}
	switch last := ifs.Body.List[len(ifs.Body.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		// Not continue: the old loop went on to the next offset, the
		// pager ends the walk after its error.
		return last.Label == nil && last.Tok == token.BREAK
	case *ast.ExprStmt:
		if c, ok := last.X.(*ast.CallExpr); ok {
			switch fn := ast.Unparen(c.Fun).(type) {
			case *ast.Ident:
				return fn.Name == "panic"
			case *ast.SelectorExpr:
				if pkg, ok := fn.X.(*ast.Ident); ok {
					if pn, ok := info.Uses[pkg].(*types.PkgName); ok && pn.Imported().Path() == "log" && strings.HasPrefix(fn.Sel.Name, "Fatal") {
						return true
					}
				}
			}
		}
	}
	return false
}

// hasGoto reports whether n holds a goto or a labelled break or continue.
func hasGoto(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && (b.Tok == token.GOTO || b.Label != nil) {
			found = true
		}
		if _, ok := n.(*ast.LabeledStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// namesIn returns every identifier name used in n.
func namesIn(n ast.Node) map[string]bool {
	names := make(map[string]bool)
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			names[id.Name] = true
		}
		return true
	})
	return names
}
