package appendertx

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/appenders"
	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// An appendLoop is a DuckDB Appender fed row by row inside a loop: one
// row appended per iteration, by AppendRow or by a helper that appends
// one row per call to the Appender it is given (appenders.Use). Its
// loop's bound (Trips) is read from the source: constants, literals, and
// a batch slice the package keeps under a constant (a tail loop).
type appendLoop struct {
	// Call is the AppendRow call, or the call of a helper that appends
	// one row per call (Via); Loop is the loop around it.
	Call *ast.CallExpr
	Loop ast.Node
	Via  *types.Func
	// app is the Appender appended to, as an expression of Call's
	// function (app, l for a receiver holding it); nil when unknown.
	app ast.Expr
	// InTx reports that the function running it opened a transaction with
	// BEGIN first.
	InTx bool
	// Trips is how many times the loop runs at most, when the source says
	// (range 2048, range over a slice literal, i < 100, a batch slice the
	// package empties every 75,000 rows); -1 when unknown.
	Trips int64
	// Keyed reports a range over a map: one row per key of an aggregate
	// held in memory.
	Keyed bool
	// Temp is the name of the Appender's table when the package creates
	// it with CREATE TEMP TABLE, and TempCopied reports that the package
	// copies that table as it is stored (INSERT ... SELECT without ORDER
	// BY or ON CONFLICT), which carries its partial row groups into the
	// destination (docs/measurements.md#temp-staging-tables).
	Temp       string
	TempCopied bool
	// Staging reports that Temp is no TEMP table but one the function
	// around the Appender's loop creates and drops (a staging table
	// exported to Parquet, or copied, then dropped).
	Staging bool
	// Flush is the commit loop that flushes this Appender explicitly under
	// a size condition (if n%N == 0 { app.Flush() }) around Call, or nil.
	Flush *pagewalk.Walk
	// Flushes reports, when Flush is nil, that Loop flushes the Appender
	// all the same, at a size the source does not show (a helper of
	// another package that flushes under its own condition).
	Flushes bool
}

// A finder finds the Appender loops of a package, with what its walks
// were found with (pagewalk.Package): a BEGIN before a call, the
// Appender a call flushes, a helper's callers.
type finder struct {
	*pagewalk.Package
	pkg     *types.Package
	info    *types.Info
	flow    *flow.Index
	apps    *appenders.Index
	queries []*sqltext.Query
	root    inspector.Cursor
	// owned memoizes ownRow.
	owned map[*types.Func]*ast.CallExpr
}

// newFinder returns the finder of the package of in, nil when its walks
// were not looked for.
func newFinder(in *check.Input) *finder {
	p := in.Walks.Package
	if p == nil || in.Scope.Flow == nil {
		return nil
	}
	return &finder{Package: p, pkg: in.Pass.Pkg, info: in.Scope.Flow.Info, flow: in.Scope.Flow, apps: p.Apps(), queries: in.Walks.Queries, root: p.Root(), owned: make(map[*types.Func]*ast.CallExpr)}
}

// loops returns the Appender loops of the package, test files' included
// (the caller drops what it does not report), each with the commit loop
// that flushes its Appender, if any, and its table's kind.
func (f *finder) loops() []*appendLoop {
	p := f.Package
	var out []*appendLoop
	for cur := range f.root.Preorder((*ast.CallExpr)(nil)) {
		if a := f.appendLoop(cur); a != nil {
			out = append(out, a)
		}
	}
	// Every walk, test files' too: a flush in a test's loop is the flush
	// of the helper it calls.
	walks := p.Walks()
	temps := tempTables(f.queries)
	for _, a := range out {
		a.Flush = f.flushLoop(a, walks)
		if a.Flush == nil {
			a.Flush = f.callersFlush(a.Call.Pos(), a.app, walks, 0)
		}
		a.Flushes = a.Flush == nil && f.flushesIn(a)
		if copied, ok := temps[f.appenderTable(a.app)]; ok {
			a.Temp, a.TempCopied = f.appenderTable(a.app), copied
		} else if t := f.stagingTable(a); t != "" {
			a.Temp, a.Staging = t, true
			a.TempCopied = slices.ContainsFunc(f.queries, func(q *sqltext.Query) bool { return sqltext.CopiesAsIs(q.Text, t) })
		}
	}
	return out
}

// appendLoop returns the appendLoop of a call that appends one row to a
// DuckDB Appender inside a loop of its function: AppendRow, or a helper
// that appends one row per call (appenders.Use), of this package or
// another.
func (f *finder) appendLoop(cur inspector.Cursor) *appendLoop {
	call := cur.Node().(*ast.CallExpr)
	var t *appenders.Target
	for _, tt := range f.apps.Targets(call) {
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
			a := &appendLoop{Call: call, Loop: n, Via: t.Via, app: t.Expr, InTx: f.InTx(cur), Trips: f.trips(n)}
			switch n := n.(type) {
			case *ast.RangeStmt:
				a.Keyed = f.keyed(n.X, 0)
			case *ast.ForStmt:
				a.Keyed = f.groupedRows(n.Cond) || f.keyValueRow(n, call)
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
func (f *finder) groupedRows(cond ast.Expr) bool {
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false // no condition, or not rows.Next()
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Next" {
		return false
	}
	obj := f.flow.ObjectOf(sel.X)
	if obj == nil {
		return false
	}
	q := f.flow.SingleResult(obj)
	return q != nil && slices.ContainsFunc(f.queries, func(x *sqltext.Query) bool { return x.Call == q && sqltext.Grouped(x.Text) })
}

// keyValueRow reports whether loop walks a key-value cursor (for k, v :=
// c.First(); k != nil; k, v = c.Next(), bbolt's way) and call appends
// the key and its value, two values made from k and v alone: a bucket of
// counters or settings copied key by key, as a range over a map.
func (f *finder) keyValueRow(loop *ast.ForStmt, call *ast.CallExpr) bool {
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
		obj := f.flow.ObjectOf(e)
		if obj == nil || f.flow.ObjectOf(post.Lhs[i]) != obj {
			return false
		}
		kv[obj] = true
	}
	return f.madeFrom(call.Args[0], kv, 0) && f.madeFrom(call.Args[1], kv, 0)
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
func (f *finder) madeFrom(e ast.Expr, vars map[types.Object]bool, depth int) bool {
	if depth > flow.MaxDepth {
		return false
	}
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		v, isVar := f.info.Uses[id].(*types.Var)
		if !isVar || vars[v] || v.Pkg() != f.pkg {
			return true // binary.BigEndian: another package's, not this loop's data
		}
		if def := f.flow.SingleValue(v); def != nil && f.madeFrom(def, vars, depth+1) {
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
func (f *finder) trips(loop ast.Node) int64 {
	if r, ok := loop.(*ast.RangeStmt); ok {
		if n := f.sliceBound(f.flow.ObjectOf(r.X)); n >= 0 {
			return n
		}
	}
	return f.flow.Trips(loop)
}

// keyed reports whether ranging over x visits the keys (or values) of a
// map once each: the map itself, maps.Keys or maps.Values of it,
// slices.Sorted or slices.Collect of those, a variable set once to one
// of them, or a slice every append to which runs in a range over a map
// (keys collected to be sorted).
func (f *finder) keyed(x ast.Expr, depth int) bool {
	if depth > flow.MaxDepth {
		return false
	}
	if _, ok := code.Underlying(f.info, x).(*types.Map); ok {
		return true
	}
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
		fn := code.Callee(f.info, call)
		if fn == nil || fn.Pkg() == nil || len(call.Args) != 1 {
			return false
		}
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "maps.Keys", "maps.Values", "slices.Sorted", "slices.Collect":
			return f.keyed(call.Args[0], depth+1)
		}
		return false
	}
	obj := f.flow.ObjectOf(x)
	if obj == nil {
		return false
	}
	if v := f.flow.SingleValue(obj); v != nil {
		return f.keyed(v, depth+1)
	}
	grows := 0
	for _, wr := range f.flow.Writes[obj] {
		call, ok := ast.Unparen(wr.Value).(*ast.CallExpr)
		if !ok || !code.IsBuiltin(f.info, call, "append") {
			continue
		}
		cur, ok := f.root.FindNode(wr.Node)
		if !ok || call.Ellipsis.IsValid() {
			return false
		}
		for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
			r, ok := c.Node().(*ast.RangeStmt)
			if !ok || !f.keyed(r.X, depth+1) {
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
func (f *finder) sliceBound(obj types.Object) int64 {
	if obj == nil || f.flow.Escaped[obj] {
		return -1
	}
	bound, grows := int64(-1), 0
	for _, wr := range f.flow.Writes[obj] {
		call, ok := ast.Unparen(wr.Value).(*ast.CallExpr)
		if !ok || !code.IsBuiltin(f.info, call, "append") {
			continue
		}
		if call.Ellipsis.IsValid() || len(call.Args) != 2 {
			return -1 // appends many at once: may pass the check
		}
		grows++
		cur, ok := f.root.FindNode(wr.Node)
		if !ok {
			return -1
		}
		n := int64(-1)
		for c := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
			n = f.lenCheck(c.Node(), obj)
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
func (f *finder) lenCheck(loop ast.Node, obj types.Object) int64 {
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
		if !isCall || !code.IsBuiltin(f.info, l, "len") || len(l.Args) != 1 || f.flow.ObjectOf(l.Args[0]) != obj {
			return true
		}
		if v, ok := f.constInt(b.Y); ok {
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
func (f *finder) constInt(e ast.Expr) (int64, bool) {
	if v, ok := code.IntValue(f.info, e); ok {
		return v, true
	}
	if obj := f.flow.ObjectOf(e); obj != nil {
		if v := f.flow.SingleValue(obj); v != nil {
			return code.IntValue(f.info, v)
		}
	}
	return 0, false
}

// flushLoop returns the commit loop that flushes a's Appender under a
// size condition, around its append: the automatic flush then counts
// from the last explicit one.
func (f *finder) flushLoop(a *appendLoop, walks []*pagewalk.Walk) *pagewalk.Walk {
	for _, walk := range walks {
		// A commit loop, or a page walk that flushes every page.
		if !walk.Appender {
			continue
		}
		switch {
		case within(a.Call, walk.Loop()):
			if f.sameAppender(a.app, walk.Flushed()) {
				return walk
			}
		case walk.Helper() != nil && within(a.Call, walk.Helper()):
			// Appended by the flushing helper itself: its own flushes.
			for _, e := range f.apps.Summarize(walk.Helper()).FlushExprs {
				if f.sameAppender(a.app, e) {
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
func (f *finder) callersFlush(pos token.Pos, app ast.Expr, walks []*pagewalk.Walk, depth int) *pagewalk.Walk {
	fn := f.FuncAt(pos)
	v := appenders.RootVar(f.info, app)
	if fn == nil || v == nil || depth >= flow.MaxDepth {
		return nil
	}
	obj, _ := f.info.Defs[fn.Name].(*types.Func)
	i := code.ParamIndex(fn.Type.Params, v)
	if obj == nil || i < 0 || f.UsedAsValue(obj) || len(f.Callers(obj)) == 0 {
		return nil
	}
	var found *pagewalk.Walk
	for _, call := range f.Callers(obj) {
		if call.Ellipsis.IsValid() || i >= len(call.Args) {
			return nil
		}
		walk := f.flushingAround(call, call.Args[i], walks)
		if walk == nil {
			walk = f.callersFlush(call.Pos(), call.Args[i], walks, depth+1)
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
func maxSite(w *pagewalk.Walk) int64 {
	var m int64
	for _, s := range w.Sites {
		m = max(m, s.Value)
	}
	return m
}

// flushingAround returns the commit loop, written around call, that
// flushes the Appender app, or nil.
func (f *finder) flushingAround(call ast.Node, app ast.Expr, walks []*pagewalk.Walk) *pagewalk.Walk {
	for _, walk := range walks {
		if walk.Appender && within(call, walk.Loop()) && f.sameAppender(app, walk.Flushed()) {
			return walk
		}
	}
	return nil
}

// sameAppender reports whether the Appender expressions x and t may be
// the same Appender: the same variable or field, or one a variable that
// holds the other (l and l.app); unknown counts as the same.
func (f *finder) sameAppender(x, t ast.Expr) bool {
	ox, ot := f.flow.ObjectOf(x), f.flow.ObjectOf(t)
	if ox == nil || ot == nil || ox == ot {
		return true
	}
	if !appenders.IsAppender(f.info.TypeOf(t)) && (appenders.RootVar(f.info, x) == ot || f.wraps(ot, ox)) {
		return true
	}
	return !appenders.IsAppender(f.info.TypeOf(x)) && (appenders.RootVar(f.info, t) == ox || f.wraps(ox, ot))
}

// wraps reports whether the variable holder is set once from inner:
// holder := dbutil.NewWriter(app), or &dbutil.Writer{App: app}.
func (f *finder) wraps(holder, inner types.Object) bool {
	v := f.flow.SingleValue(holder)
	if v == nil {
		if call := f.flow.SingleResult(holder); call != nil {
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
		if f.flow.ObjectOf(p) == inner {
			return true
		}
	}
	return false
}

// flushesIn reports whether a's loop flushes a's Appender on a path that
// stays in the loop, at a size the source does not show: a helper of
// another package that flushes under its own condition
// (dbutil.MaybeFlush(app, n)), a flush on a timer. Not Close, and not a
// flush followed by return or break (an error path).
func (f *finder) flushesIn(a *appendLoop) bool {
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
			if appenders.Method(f.info, n) == "Close" {
				return false
			}
			if flushed, _, ok := f.FlushOf(n); ok && f.sameAppender(a.app, flushed) {
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
func (f *finder) stagingTable(a *appendLoop) string {
	t := f.appenderTable(a.app)
	if t == "" {
		return ""
	}
	decl := f.FuncAt(a.Call.Pos())
	if decl == nil {
		return ""
	}
	created, dropped := false, false
	for _, q := range f.queries {
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
func (f *finder) appenderTable(app ast.Expr) string {
	obj := f.flow.ObjectOf(app)
	if obj == nil {
		return ""
	}
	call := f.flow.SingleResult(obj)
	if call == nil {
		call, _ = ast.Unparen(f.flow.SingleValue(obj)).(*ast.CallExpr)
	}
	if call == nil || len(call.Args) == 0 {
		return ""
	}
	if !isNewAppender(f.info, call) {
		return ""
	}
	tv, ok := f.info.Types[call.Args[len(call.Args)-1]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return ""
	}
	return strings.ToUpper(constant.StringVal(tv.Value))
}

// isNewAppender reports whether call makes a DuckDB Appender: a
// driver's NewAppenderFromConn or NewAppender.
func isNewAppender(info *types.Info, call *ast.CallExpr) bool {
	fn := code.Callee(info, call)
	return fn != nil && (fn.Name() == "NewAppenderFromConn" || fn.Name() == "NewAppender") && fn.Pkg() != nil && scope.IsDriverPath(fn.Pkg().Path())
}

func within(n, outer ast.Node) bool {
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}
