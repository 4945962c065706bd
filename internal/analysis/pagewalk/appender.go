package pagewalk

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/appenders"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// appendLoop returns the Append of a call that appends one row to a
// DuckDB Appender inside a loop of its function: AppendRow, or a helper
// that appends one row per call (appenders.Use), of this package or
// another.
func (w *walker) appendLoop(cur inspector.Cursor) *Append {
	call := cur.Node().(*ast.CallExpr)
	var t *appenders.Target
	for _, tt := range w.apps.Targets(call) {
		if !tt.Flush {
			t = &tt
			break
		}
	}
	if t == nil {
		return nil
	}
	for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			a := &Append{Call: call, Loop: n, Via: t.Via, app: t.Expr, InTx: w.opensTransaction(cur), Trips: w.trips(n)}
			switch n := n.(type) {
			case *ast.RangeStmt:
				a.Keyed = w.keyed(n.X, 0)
			case *ast.ForStmt:
				a.Keyed = w.groupedRows(n.Cond) || w.keyValueRow(n, call)
			}
			return a
		default:
			// One row per call of the function: its callers' loops are
			// found at the calls, through appenders.Use.
			return nil
		}
	}
	return nil
}

// groupedRows reports whether cond is rows.Next() on the rows of a query
// that returns one row per group (sqltext.Grouped): a loop appending
// them writes a summary, one row per key, not a bulk load.
func (w *walker) groupedRows(cond ast.Expr) bool {
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false // no condition, or not rows.Next()
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Next" {
		return false
	}
	obj := w.flow.ObjectOf(sel.X)
	if obj == nil {
		return false
	}
	q := w.flow.SingleResult(obj)
	return q != nil && slices.ContainsFunc(w.queries, func(x *sqltext.Query) bool { return x.Call == q && sqltext.Grouped(x.Text) })
}

// keyValueRow reports whether loop walks a key-value cursor (for k, v :=
// c.First(); k != nil; k, v = c.Next(), bbolt's way) and call appends
// the key and its value, two values made from k and v alone: a bucket of
// counters or settings copied key by key, as a range over a map.
func (w *walker) keyValueRow(loop *ast.ForStmt, call *ast.CallExpr) bool {
	init, ok1 := loop.Init.(*ast.AssignStmt)
	post, ok2 := loop.Post.(*ast.AssignStmt)
	if !ok1 || !ok2 || len(init.Lhs) != 2 || len(post.Lhs) != 2 || len(init.Rhs) != 1 || len(post.Rhs) != 1 || len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return false
	}
	if !isMethodCall(init.Rhs[0], "First", "Seek", "Last") || !isMethodCall(post.Rhs[0], "Next", "Prev") {
		return false
	}
	kv := make(map[types.Object]bool)
	for i, e := range init.Lhs {
		obj := w.flow.ObjectOf(e)
		if obj == nil || w.flow.ObjectOf(post.Lhs[i]) != obj {
			return false
		}
		kv[obj] = true
	}
	return w.madeFrom(call.Args[0], kv, 0) && w.madeFrom(call.Args[1], kv, 0)
}

// isMethodCall reports whether e calls a method with one of names.
func isMethodCall(e ast.Expr, names ...string) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && slices.Contains(names, sel.Sel.Name)
}

// madeFrom reports whether every variable of the package e reads is one
// of vars, or a variable set once from them (n :=
// int64(binary.BigEndian.Uint64(v))).
func (w *walker) madeFrom(e ast.Expr, vars map[types.Object]bool, depth int) bool {
	if depth > flow.MaxDepth {
		return false
	}
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		v, isVar := w.info.Uses[id].(*types.Var)
		if !isVar || vars[v] || v.Pkg() != w.pkg {
			return true // binary.BigEndian: another package's, not this loop's data
		}
		if def := w.flow.SingleValue(v); def != nil && w.madeFrom(def, vars, depth+1) {
			return true
		}
		ok = false
		return false
	})
	return ok
}

// trips returns the most iterations loop can run, when its source says
// (see flow.Index.Trips), or, for a range over a slice the package keeps
// under a constant length (see sliceBound), that constant; otherwise -1.
func (w *walker) trips(loop ast.Node) int64 {
	if r, ok := loop.(*ast.RangeStmt); ok {
		if n := w.sliceBound(w.flow.ObjectOf(r.X)); n >= 0 {
			return n
		}
	}
	return w.flow.Trips(loop)
}

// keyed reports whether ranging over x visits the keys (or values) of a
// map once each: the map itself, maps.Keys or maps.Values of it,
// slices.Sorted or slices.Collect of those, a variable set once to one
// of them, or a slice every append to which runs in a range over a map
// (keys collected to be sorted).
func (w *walker) keyed(x ast.Expr, depth int) bool {
	if depth > flow.MaxDepth {
		return false
	}
	if _, ok := flow.Underlying(w.info, x).(*types.Map); ok {
		return true
	}
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
		fn := flow.Callee(w.info, call)
		if fn == nil || fn.Pkg() == nil || len(call.Args) != 1 {
			return false
		}
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "maps.Keys", "maps.Values", "slices.Sorted", "slices.Collect":
			return w.keyed(call.Args[0], depth+1)
		}
		return false
	}
	obj := w.flow.ObjectOf(x)
	if obj == nil {
		return false
	}
	if v := w.flow.SingleValue(obj); v != nil {
		return w.keyed(v, depth+1)
	}
	grows := 0
	for _, wr := range w.flow.Writes[obj] {
		call, ok := ast.Unparen(wr.Value).(*ast.CallExpr)
		if !ok || !w.isBuiltin(call, "append") {
			continue
		}
		cur, ok := w.cursorOf(wr.Node)
		if !ok || call.Ellipsis.IsValid() {
			return false
		}
		for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
			r, ok := c.Node().(*ast.RangeStmt)
			if !ok || !w.keyed(r.X, depth+1) {
				return false
			}
			break
		}
		grows++
	}
	return grows > 0
}

// sliceBound returns the most elements the slice variable or field obj
// holds when the package keeps it under a constant: every append to it
// (b = append(b, row)) runs in a loop that checks len(b) against a
// constant N (len(b) == 75_000, len(b) >= N), which empties it; so the
// rows left in it after such a loop, appended by a tail loop, are fewer
// than N. -1 otherwise.
func (w *walker) sliceBound(obj types.Object) int64 {
	if obj == nil || w.flow.Escaped[obj] {
		return -1
	}
	bound, grows := int64(-1), 0
	for _, wr := range w.flow.Writes[obj] {
		call, ok := ast.Unparen(wr.Value).(*ast.CallExpr)
		if !ok || !w.isBuiltin(call, "append") {
			continue
		}
		if call.Ellipsis.IsValid() || len(call.Args) != 2 {
			return -1 // appends many at once: may pass the check
		}
		grows++
		cur, ok := w.cursorOf(wr.Node)
		if !ok {
			return -1
		}
		n := int64(-1)
		for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
			n = w.lenCheck(c.Node(), obj)
			break
		}
		if n < 0 {
			return -1
		}
		bound = max(bound, n)
	}
	if grows == 0 {
		return -1
	}
	return bound
}

// lenCheck returns N when loop checks len(obj) against the constant N
// (==, >=, or > N-1), or -1.
func (w *walker) lenCheck(loop ast.Node, obj types.Object) int64 {
	found := int64(-1)
	ast.Inspect(loop, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found >= 0 {
			return found < 0
		}
		b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok {
			return true
		}
		l, isCall := ast.Unparen(b.X).(*ast.CallExpr)
		if !isCall || !w.isBuiltin(l, "len") || len(l.Args) != 1 || w.flow.ObjectOf(l.Args[0]) != obj {
			return true
		}
		if v, ok := w.constInt(b.Y); ok {
			switch b.Op {
			case token.EQL, token.GEQ:
				found = v
			case token.GTR:
				found = v + 1
			}
		}
		return true
	})
	return found
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

// flushLoop returns the commit loop that flushes a's Appender under a
// size condition, around its append: the automatic flush then counts
// from the last explicit one.
func (w *walker) flushLoop(a *Append, walks []*Walk) *Walk {
	for _, walk := range walks {
		// A commit loop, or a page walk that flushes every page.
		if !walk.Appender {
			continue
		}
		switch {
		case within(a.Call, walk.loop):
			if w.sameAppender(a.app, walk.flushed) {
				return walk
			}
		case walk.via != nil && within(a.Call, walk.via):
			// Appended by the flushing helper itself: its own flushes.
			for _, e := range w.apps.Summarize(walk.via).FlushExprs {
				if w.sameAppender(a.app, e) {
					return walk
				}
			}
		}
	}
	return nil
}

// callersFlush returns the commit loop that flushes a's Appender around
// every call of the helper a's loop is in, when the helper is given that
// Appender as a parameter: writeLinks(apps, span) appends a span's links
// in its own loop, and the loop calling it flushes every Appender of apps
// every 500 spans. Up to flow.MaxDepth helpers deep; nil when a call is
// not in such a loop, or the helper is used as a value. Of several
// callers' loops, the one with the largest size.
func (w *walker) callersFlush(pos token.Pos, app ast.Expr, walks []*Walk, depth int) *Walk {
	fn := w.funcAt(pos)
	v := appenders.RootVar(w.info, app)
	if fn == nil || v == nil || depth >= flow.MaxDepth {
		return nil
	}
	obj, _ := w.info.Defs[fn.Name].(*types.Func)
	i := paramIndex(fn.Type.Params, v)
	if obj == nil || i < 0 || w.usedAsValue(obj) || len(w.callers(obj)) == 0 {
		return nil
	}
	var found *Walk
	for _, call := range w.callers(obj) {
		if call.Ellipsis.IsValid() || i >= len(call.Args) {
			return nil
		}
		walk := w.flushingAround(call, call.Args[i], walks)
		if walk == nil {
			walk = w.callersFlush(call.Pos(), call.Args[i], walks, depth+1)
		}
		if walk == nil {
			return nil
		}
		if found == nil || maxSite(walk) > maxSite(found) {
			found = walk // the caller that flushes least often decides
		}
	}
	return found
}

// maxSite returns the largest size a walk's sites give, 0 for none.
func maxSite(w *Walk) int64 {
	var m int64
	for _, s := range w.Sites {
		m = max(m, s.Value)
	}
	return m
}

// flushingAround returns the commit loop, written around call, that
// flushes the Appender app, or nil.
func (w *walker) flushingAround(call ast.Node, app ast.Expr, walks []*Walk) *Walk {
	for _, walk := range walks {
		if walk.Appender && within(call, walk.loop) && w.sameAppender(app, walk.flushed) {
			return walk
		}
	}
	return nil
}

// sameAppender reports whether the Appender expressions x and t may be
// the same Appender: the same variable or field, or one a variable that
// holds the other (l and l.app); unknown counts as the same.
func (w *walker) sameAppender(x, t ast.Expr) bool {
	ox, ot := w.flow.ObjectOf(x), w.flow.ObjectOf(t)
	if ox == nil || ot == nil || ox == ot {
		return true
	}
	if !appenders.IsAppender(w.info.TypeOf(t)) && (appenders.RootVar(w.info, x) == ot || w.wraps(ot, ox)) {
		return true
	}
	return !appenders.IsAppender(w.info.TypeOf(x)) && (appenders.RootVar(w.info, t) == ox || w.wraps(ox, ot))
}

// wraps reports whether the variable holder is set once from inner:
// holder := dbutil.NewWriter(app), or &dbutil.Writer{App: app}.
func (w *walker) wraps(holder, inner types.Object) bool {
	v := w.flow.SingleValue(holder)
	if v == nil {
		if call := w.flow.SingleResult(holder); call != nil {
			v = call
		}
	}
	v = ast.Unparen(v)
	if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
		v = ast.Unparen(u.X)
	}
	var parts []ast.Expr
	switch v := v.(type) {
	case *ast.CallExpr:
		parts = v.Args
	case *ast.CompositeLit:
		for _, e := range v.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				e = kv.Value
			}
			parts = append(parts, e)
		}
	}
	for _, p := range parts {
		if w.flow.ObjectOf(p) == inner {
			return true
		}
	}
	return false
}

// flushOf returns the Appender a call flushes, as an expression of the
// call's function, and the helper that does it (its FuncDecl, or the
// function literal called), nil for the Appender's own Flush or Close or
// a helper of another package: the Appender's methods, a helper that
// flushes its parameter or its receiver's Appender (appenders.Use), or a
// function literal that flushes an Appender it captures
// (flush := func() error { return app.Flush() }).
func (w *walker) flushOf(call *ast.CallExpr) (flushed ast.Expr, via ast.Node, ok bool) {
	for _, t := range w.apps.Targets(call) {
		if t.Flush {
			if d := w.apps.Decl(t.Via); d != nil {
				return t.Expr, d, true
			}
			return t.Expr, nil, true
		}
	}
	lits := call.Args
	if lit := w.calledLit(call); lit != nil {
		lits = []ast.Expr{lit}
	}
	for _, a := range lits {
		// A literal called here, or passed to a function that runs it:
		// g.Do("flush", func() (any, error) { return nil, app.Flush() }).
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
			if s := w.apps.Summarize(lit.Body); len(s.FlushExprs) > 0 {
				return s.FlushExprs[0], lit, true
			}
		}
	}
	return nil, nil, false
}

// flushesIn reports whether a's loop flushes a's Appender on a path that
// stays in the loop, at a size the source does not show: a helper of
// another package that flushes under its own condition
// (dbutil.MaybeFlush(app, n)), a flush on a timer. Not Close, and not a
// flush followed by return or break (an error path).
func (w *walker) flushesIn(a *Append) bool {
	found := false
	ast.Inspect(a.Loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			// Its returns stay in the loop: flushOf reads the literal.
			return false
		case *ast.ReturnStmt:
			return false
		case *ast.BlockStmt:
			if leaves(n) {
				return false
			}
		case *ast.CallExpr:
			if appenders.Method(w.info, n) == "Close" {
				return false
			}
			if flushed, _, ok := w.flushOf(n); ok && w.sameAppender(a.app, flushed) {
				found = true
			}
		}
		return !found
	})
	return found
}

// leaves reports whether a block ends by leaving its loop: return, break,
// goto.
func leaves(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.BREAK || s.Tok == token.GOTO
	}
	return false
}

// tempTables maps each table the queries create with CREATE TEMP TABLE
// to whether one of them copies it as it is stored (sqltext.CopiesAsIs).
func tempTables(queries []*sqltext.Query) map[string]bool {
	temps := make(map[string]bool)
	for _, q := range queries {
		if t := sqltext.TempTable(q.Text); t != "" {
			temps[t] = false
		}
	}
	for t := range temps {
		for _, q := range queries {
			if sqltext.CopiesAsIs(q.Text, t) {
				temps[t] = true
				break
			}
		}
	}
	return temps
}

// stagingTable returns the Appender's table (upper-cased) when the
// function the Appender loop is written in creates that table and drops
// it (CREATE TABLE stage ...; append; COPY stage TO 'x.parquet'; DROP
// TABLE stage): a staging table that is not TEMP, whose row groups last
// no longer than a TEMP table's. "" otherwise.
func (w *walker) stagingTable(a *Append) string {
	t := w.appenderTable(a.app)
	if t == "" {
		return ""
	}
	var decl *ast.FuncDecl
	for _, d := range w.funcs {
		if d.Pos() <= a.Call.Pos() && a.Call.End() <= d.End() {
			decl = d
			break
		}
	}
	if decl == nil {
		return ""
	}
	created, dropped := false, false
	for _, q := range w.queries {
		if q.Call.Pos() < decl.Pos() || decl.End() < q.Call.End() {
			continue
		}
		created = created || sqltext.CreatedTable(q.Text) == t
		dropped = dropped || sqltext.DroppedTable(q.Text) == t
	}
	if created && dropped {
		return t
	}
	return ""
}

// appenderTable returns the table (upper-cased) the Appender app was
// created for, when app is a variable set once by NewAppenderFromConn or
// NewAppender with a constant table name; "" otherwise.
func (w *walker) appenderTable(app ast.Expr) string {
	obj := w.flow.ObjectOf(app)
	if obj == nil {
		return ""
	}
	call := w.flow.SingleResult(obj)
	if call == nil {
		call, _ = ast.Unparen(w.flow.SingleValue(obj)).(*ast.CallExpr)
	}
	if call == nil || len(call.Args) == 0 {
		return ""
	}
	fn := flow.Callee(w.info, call)
	if fn == nil || fn.Name() != "NewAppenderFromConn" && fn.Name() != "NewAppender" || fn.Pkg() == nil || !scope.IsDriverPath(fn.Pkg().Path()) {
		return ""
	}
	tv, ok := w.info.Types[call.Args[len(call.Args)-1]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return ""
	}
	return strings.ToUpper(constant.StringVal(tv.Value))
}

// calledLit returns the function literal call calls: written in place,
// or the one value of the variable called.
func (w *walker) calledLit(call *ast.CallExpr) *ast.FuncLit {
	fun := ast.Unparen(call.Fun)
	if v, ok := w.flow.ObjectOf(fun).(*types.Var); ok {
		fun = w.flow.SingleValue(v)
	}
	lit, _ := ast.Unparen(fun).(*ast.FuncLit)
	return lit
}

// opensTransaction reports whether BEGIN (or BEGIN TRANSACTION, START
// TRANSACTION) runs before cur: in the function around it, or, for a
// helper, before every call of that function in the package. An Appender
// flushing inside a transaction commits nothing.
func (w *walker) opensTransaction(cur inspector.Cursor) bool {
	var fn *ast.FuncDecl
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			fn = n
		case *ast.FuncLit:
			if w.txCallback(c, n) {
				return true
			}
		}
	}
	return fn != nil && w.beganBefore(fn, cur.Node().Pos(), 0)
}

// txCallback reports whether the function literal lit, at c, is passed
// to a function that runs it inside a transaction it began
// (appenders.TxCallback): duckutil.WithAppenderTx(ctx, db, "clicks",
// func(app *duckdb.Appender) error { ... }).
func (w *walker) txCallback(c inspector.Cursor, lit *ast.FuncLit) bool {
	call, ok := c.Parent().Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	i := slices.IndexFunc(call.Args, func(a ast.Expr) bool { return ast.Unparen(a) == lit })
	return i >= 0 && w.apps.InTx(flow.Callee(w.info, call), i)
}

// beganBefore reports whether fn runs BEGIN before pos, or every call of
// fn in the package does so before the call. A helper without callers in
// the package (exported, or used as a value) proves nothing.
func (w *walker) beganBefore(fn *ast.FuncDecl, pos token.Pos, depth int) bool {
	for _, q := range w.queries {
		if q.Shape.Kind == sqltext.Begin && within(q.Call, fn) && q.Call.Pos() < pos {
			return true
		}
	}
	if w.callsBegin(fn, pos) {
		return true
	}
	obj, _ := w.info.Defs[fn.Name].(*types.Func)
	if obj == nil || depth >= flow.MaxDepth || w.usedAsValue(obj) {
		return false
	}
	calls := w.callers(obj)
	for _, call := range calls {
		caller := w.funcAt(call.Pos())
		if caller == nil || caller == fn || !w.beganBefore(caller, call.Pos(), depth+1) {
			return false
		}
	}
	return len(calls) > 0
}

// callsBegin reports whether fn calls, before pos, a function of the
// package whose own body runs BEGIN: a begin(ctx, conn) helper.
func (w *walker) callsBegin(fn *ast.FuncDecl, pos token.Pos) bool {
	found := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok || call.Pos() >= pos {
			return !found
		}
		if d := w.apps.Decl(flow.Callee(w.info, call)); d != nil && d != fn {
			found = slices.ContainsFunc(w.queries, func(q *sqltext.Query) bool {
				return q.Shape.Kind == sqltext.Begin && within(q.Call, d.Body)
			})
		}
		return !found
	})
	return found
}

// funcAt returns the function declaration around pos, or nil.
func (w *walker) funcAt(pos token.Pos) *ast.FuncDecl {
	for _, fn := range w.funcs {
		if fn.Pos() <= pos && pos < fn.End() {
			return fn
		}
	}
	return nil
}

// usedAsValue reports whether fn is referred to other than by a call
// (passed as a callback, stored) outside test files: its callers are
// then not all known.
func (w *walker) usedAsValue(fn *types.Func) bool {
	if w.funcUses == nil {
		w.funcUses = make(map[*types.Func]int)
		for id, obj := range w.info.Uses {
			if f, ok := obj.(*types.Func); ok && !w.inTest(id.Pos()) {
				w.funcUses[f.Origin()]++
			}
		}
	}
	return w.funcUses[fn] > len(w.callers(fn))
}

// callers returns the calls of fn in the package outside _test.go files.
// What every caller of a helper does (BEGIN first, a flush around it) is
// the program's, whatever a test that calls the helper directly does;
// and go vet analyses a package with its tests, a plain standalone run
// without them, so counting them would tell the two apart.
func (w *walker) callers(fn *types.Func) []*ast.CallExpr {
	calls := w.flow.Calls[fn]
	if !slices.ContainsFunc(calls, func(c *ast.CallExpr) bool { return w.inTest(c.Pos()) }) {
		return calls
	}
	return slices.DeleteFunc(slices.Clone(calls), func(c *ast.CallExpr) bool { return w.inTest(c.Pos()) })
}

// inTest reports whether pos is in a _test.go file.
func (w *walker) inTest(pos token.Pos) bool {
	if w.fset == nil {
		return false
	}
	f := w.fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
