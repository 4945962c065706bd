package rowbyrow

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/handle"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// Writers finds, in every package that runs SQL, the functions that
// write one row per call (an insertEvent(ctx, db, e) helper) and exports
// a OneRow fact for each, so that a loop calling one is found in any
// package that imports it. It reports nothing; the rowbyrow check reads
// its result.
var Writers = &analysis.Analyzer{
	Name:             "rowalignrows",
	Doc:              "find the functions that write one row to DuckDB per call (facts only)",
	URL:              "https://github.com/rowalign/rowalign/tree/main/passes/rowbyrow",
	Run:              runWriters,
	RunDespiteErrors: true,
	Requires:         []*analysis.Analyzer{scope.Analyzer, pagewalk.QueriesAnalyzer},
	FactTypes:        []analysis.Fact{new(OneRow), new(BulkResult)},
	ResultType:       reflect.TypeFor[*Package](),
}

// OneRow is the object fact of a function or method that writes one row
// per call: it runs one statement of Kind (INSERT, UPDATE, DELETE) whose
// VALUES or key the call binds, directly or through another such
// function, outside any loop over rows.
type OneRow struct {
	// Kind is the statement: "INSERT", "UPDATE" or "DELETE".
	Kind string
	// Handle is what the statement runs on: "db" (each statement commits
	// alone), "tx" (inside a transaction), "" when unknown here.
	Handle string
	// Param is the index of the parameter the handle is passed as, -1
	// when it is not a parameter: the caller's argument then says what it
	// is (a *sql.Tx or a *sql.DB), and which engine it talks to.
	Param int
	// Each is, when the function writes one row per element of a slice
	// or map parameter (for _, it := range items { INSERT }), that
	// parameter's index plus one; 0 for one row per call.
	Each int
	// Duck reports, for a handle of its own (Param -1), that its package
	// proves it DuckDB's (s.db, set only from sql.Open("duckdb", ...)): a
	// caller that also talks to another engine need not know the engine
	// of the value it calls the method on.
	Duck bool
}

// AFact marks OneRow as an analysis fact.
func (*OneRow) AFact() {}

func (f *OneRow) String() string {
	if f.Each > 0 {
		return fmt.Sprintf("writes one row per element of parameter %d: %s on %s handle", f.Each-1, f.Kind, cmp.Or(f.Handle, "?"))
	}
	return "writes one row: " + f.Kind + " on " + cmp.Or(f.Handle, "?") + " handle"
}

// Handle kinds of OneRow.Handle.
const (
	autocommit = "db"
	inTx       = "tx"
	unknownTx  = ""
)

// Package is what Writers found in one package.
type Package struct {
	pass *analysis.Pass
	// Queries are the package's SQL calls, nil when it imports neither
	// database/sql nor sqlx.
	Queries []*sqltext.Query
	// Root is the package's syntax, for cursors of calls.
	Root inspector.Cursor
	sc   *scope.Result
	// local are the package's own one-row writers.
	local map[*types.Func]*OneRow
	// calls caches dbCalls.
	calls map[*ast.FuncDecl][]ast.Node
	// commits are the package's commit loops (see commitLoops), set by
	// the check before it looks for loops.
	commits map[ast.Node]bool
	// appends are the package's loops that append a row to a DuckDB
	// Appender per iteration (pagewalk's Appends), set by the check.
	appends map[ast.Node]bool
	// results maps each of the package's functions to its results that
	// are data read in bulk, a bit per index (see findResults); busy
	// holds the functions being computed, nil once runWriters is done.
	results map[*types.Func]uint64
	busy    map[*types.Func]bool
}

// Of returns what fn writes per call when it writes one row, or nil:
// fn's OneRow fact, or what this package found for its own functions.
func (p *Package) Of(fn *types.Func) *OneRow {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if f, ok := p.local[fn]; ok {
		return f
	}
	if fn.Pkg() == nil || fn.Pkg() == p.pass.Pkg {
		return nil
	}
	var f OneRow
	if p.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

func runWriters(pass *analysis.Pass) (any, error) {
	p := &Package{pass: pass, local: make(map[*types.Func]*OneRow)}
	pq := pass.ResultOf[pagewalk.QueriesAnalyzer].(*pagewalk.Queries)
	if pq.Flow == nil && !runsSQL(pass.Pkg) {
		// Neither DuckDB client code, whose queries QueriesAnalyzer
		// found whatever it imports (a package that runs SQL on a handle
		// of another package's, s.db.ExecContext with no import of
		// database/sql), nor a package that can run SQL itself.
		return p, nil
	}
	p.sc = scope.Of(pass, true, nil)
	if pq.Flow != nil && pq.Flow == p.sc.Flow {
		// DuckDB client code: QueriesAnalyzer found its queries, over
		// the same value index.
		p.Root, p.Queries = pq.Insp.Root(), pq.Local
	} else {
		insp := inspector.New(pass.Files)
		p.Root = insp.Root()
		p.Queries = sqltext.Find(p.sc.Flow, insp)
	}
	p.findWriters()
	for fn, f := range p.local {
		if fn.Pkg() == pass.Pkg {
			pass.ExportObjectFact(fn, f)
		}
	}
	p.findResults()
	for fn, bits := range p.results {
		if bits != 0 {
			pass.ExportObjectFact(fn, &BulkResult{Results: bits})
		}
	}
	return p, nil
}

// runsSQL reports whether pkg imports database/sql or sqlx itself: a
// package out of DuckDB's scope can write a row by its own statement only
// then.
func runsSQL(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == "database/sql" || imp.Path() == handle.SQLX {
			return true
		}
	}
	return false
}

// findWriters finds the package's functions that write one row per call:
// first those that run a one-row statement themselves, then, up to
// flow.MaxDepth times, those that call one outside a loop over rows.
func (p *Package) findWriters() {
	duck := scope.Of(p.pass, false, nil).InScope
	for _, q := range p.Queries {
		st := p.statement(q)
		if st == nil || p.sc.Foreign(q.Recv) != "" {
			continue
		}
		decl := enclosingDecl(q.Cursor)
		if decl == nil {
			continue
		}
		each := -1
		if !p.onlyWrite(decl, q.Cursor) {
			if each = p.eachWrite(decl, q.Cursor, st, q.Call); each < 0 {
				continue // a loop in the function itself is reported there
			}
		}
		fn, _ := p.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil || p.local[fn] != nil {
			continue
		}
		f := &OneRow{Kind: st.kind.String(), Handle: p.handleKind(q.Recv, q.Call, decl), Param: p.paramIndex(q.Recv, decl), Each: each + 1}
		if f.Param >= 0 {
			f.Handle = unknownTx // decided by each caller's argument
		} else if f.Duck = p.sc.Engine(q.Recv) == scope.DuckDB; !duck {
			// A handle of its own (s.db) in a package that does not
			// open DuckDB: its engine is unknown, and no caller can tell.
			continue
		}
		p.local[fn] = f
	}
	for range flow.MaxDepth {
		if !p.growWriters() {
			break
		}
	}
}

// onlyWrite reports whether the call at cur is the one thing decl does
// to a database, done on every call of decl: a genuine one-row writer.
// decl must run no other statement (Prepare and BEGIN aside) and call no
// other function of the package that does, and the call must not sit in
// a loop, a branch or a function literal of decl (validation that returns
// an error before it is fine). A helper that runs a cascade of DELETEs,
// looks a row up before inserting it, or inserts only when a lookup
// misses is not one: one call of it in a loop is not one row.
func (p *Package) onlyWrite(decl *ast.FuncDecl, cur inspector.Cursor) bool {
	return plainPath(cur, decl) && p.onlyCall(decl, cur.Node())
}

// onlyCall reports whether call is decl's one database call.
func (p *Package) onlyCall(decl *ast.FuncDecl, call ast.Node) bool {
	for _, n := range p.dbCalls()[decl] {
		if n != call {
			return false
		}
	}
	return true
}

// plainPath reports whether the node at cur runs whenever top (a
// function declaration or a loop around cur) does: no loop, branch,
// function literal, defer or go statement stands between them (an if's
// init and condition run; its branches may not).
func plainPath(cur inspector.Cursor, top ast.Node) bool {
	for c := cur.Parent(); c.Node() != top; c = c.Parent() {
		switch n := c.Node().(type) {
		case nil, *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.CaseClause, *ast.CommClause, *ast.DeferStmt, *ast.GoStmt:
			return false
		case *ast.IfStmt:
			if within(cur.Node().Pos(), n.Body) || n.Else != nil && within(cur.Node().Pos(), n.Else) {
				return false
			}
		}
	}
	return true
}

// eachWrite returns the index of the slice or map parameter of decl that
// the statement at cur writes one row per element of, or -1: the
// statement is decl's one database call, run on every element of a
// range over the parameter, on every call, and not prepared (a prepared
// one is a batch writer's loop, reported where it is; see batchWriter).
// How many elements there are only the callers know: a caller that
// hands it rows read in bulk is reported at its call.
func (p *Package) eachWrite(decl *ast.FuncDecl, cur inspector.Cursor, st *stmt, call *ast.CallExpr) int {
	loop, ok := loopOf(cur, decl).(*ast.RangeStmt)
	if !ok || p.prepared(call) || testHelper(p.pass.Pkg, p.pass.TypesInfo, decl) {
		return -1
	}
	lc, ok := p.Root.FindNode(loop)
	if !ok || !plainPath(cur, loop) || !plainPath(lc, decl) || !p.varies(st.uses, loop) || !p.onlyCall(decl, call) {
		return -1
	}
	v, ok := p.sc.Flow.ObjectOf(ast.Unparen(loop.X)).(*types.Var)
	if !ok {
		return -1
	}
	param, ok := p.sc.Flow.Params[v]
	if !ok || param.Func == nil || p.pass.TypesInfo.Defs[decl.Name] != param.Func || param.Variadic {
		return -1
	}
	switch v.Type().Underlying().(type) {
	case *types.Slice, *types.Map:
		return param.Index
	}
	return -1
}

// dbCalls maps each function declaration of the package to the calls in
// it that run SQL (its queries, Prepare and BEGIN aside) or call a
// function that does (one of the package that runs SQL, directly or
// through others, or a writer of another package). The package's own
// writers run SQL, so the map does not change as they are found: it is
// computed once.
func (p *Package) dbCalls() map[*ast.FuncDecl][]ast.Node {
	if p.calls != nil {
		return p.calls
	}
	// The declaration around each call, in one walk of the syntax.
	declAt := make(map[*ast.CallExpr]*ast.FuncDecl)
	for _, f := range p.pass.Files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && decl.Body != nil {
				ast.Inspect(decl.Body, func(n ast.Node) bool {
					if call, ok := n.(*ast.CallExpr); ok {
						declAt[call] = decl
					}
					return true
				})
			}
		}
	}
	out := make(map[*ast.FuncDecl][]ast.Node)
	runs := make(map[*types.Func]bool) // the package's functions that run SQL
	for _, q := range p.Queries {
		decl := declAt[q.Call]
		if decl == nil {
			continue
		}
		if fn, ok := p.pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
			runs[fn] = true
		}
		if !strings.HasPrefix(q.Method(), "Prepare") && q.Shape.Kind != sqltext.Begin {
			out[decl] = append(out[decl], q.Call)
		}
	}
	for range flow.MaxDepth {
		grown := false
		for fn, calls := range p.sc.Flow.Calls {
			if !runs[fn.Origin()] {
				continue
			}
			for _, call := range calls {
				if decl := declAt[call]; decl != nil {
					if caller, ok := p.pass.TypesInfo.Defs[decl.Name].(*types.Func); ok && !runs[caller] {
						runs[caller], grown = true, true
					}
				}
			}
		}
		if !grown {
			break
		}
	}
	for fn, calls := range p.sc.Flow.Calls {
		if !runs[fn.Origin()] && p.Of(fn) == nil {
			continue
		}
		for _, call := range calls {
			if decl := declAt[call]; decl != nil {
				out[decl] = append(out[decl], call)
			}
		}
	}
	p.calls = out
	return out
}

// declOf returns the function declaration cur is in, function literals
// included, or nil.
func declOf(cur inspector.Cursor) *ast.FuncDecl {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		return c.Node().(*ast.FuncDecl)
	}
	return nil
}

// growWriters adds to the package's writers the functions whose one
// database call is a call of one, made on every call (see onlyWrite),
// and reports whether it added any. Calls are visited in source order,
// so that the result does not depend on map order.
func (p *Package) growWriters() bool {
	var called []*ast.CallExpr
	for fn, calls := range p.sc.Flow.Calls {
		if p.Of(fn) != nil {
			called = append(called, calls...)
		}
	}
	slices.SortFunc(called, func(a, b *ast.CallExpr) int { return cmp.Compare(a.Pos(), b.Pos()) })
	grown := false
	for _, call := range called {
		fn := code.Callee(p.pass.TypesInfo, call)
		w := p.Of(fn)
		cur, ok := p.Root.FindNode(call)
		if w == nil || !ok {
			continue
		}
		decl := enclosingDecl(cur)
		if decl == nil {
			continue
		}
		caller, _ := p.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if caller == nil || p.local[caller] != nil || caller == fn.Origin() {
			continue
		}
		h, ok := p.callHandle(w, call, decl)
		if !ok || w.Each > 0 || !p.onlyWrite(decl, cur) {
			continue // a call of a per-element writer is no one row
		}
		f := &OneRow{Kind: w.Kind, Handle: h, Param: -1, Duck: w.Param < 0 && w.Duck}
		if w.Param >= 0 && w.Param < len(call.Args) {
			if f.Param = p.paramIndex(call.Args[w.Param], decl); f.Param >= 0 {
				f.Handle = unknownTx
			} else {
				f.Duck = p.sc.Engine(call.Args[w.Param]) == scope.DuckDB
			}
		}
		p.local[caller] = f
		grown = true
	}
	return grown
}

// callHandle returns what a call of the writer w runs its statement on,
// and false when the handle it passes belongs to another engine.
func (p *Package) callHandle(w *OneRow, call *ast.CallExpr, decl ast.Node) (string, bool) {
	if w.Param < 0 || w.Param >= len(call.Args) {
		return w.Handle, true
	}
	arg := call.Args[w.Param]
	if p.sc.Foreign(arg) != "" {
		return "", false
	}
	return p.handleKind(arg, call, decl), true
}

// enclosingDecl returns the function declaration cur is in, when no
// function literal stands between them, or nil.
func enclosingDecl(cur inspector.Cursor) *ast.FuncDecl {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		decl, _ := c.Node().(*ast.FuncDecl)
		return decl
	}
	return nil
}

// paramIndex returns the index of the parameter of decl that the handle
// expression x is, or -1.
func (p *Package) paramIndex(x ast.Expr, decl *ast.FuncDecl) int {
	obj, ok := p.sc.Flow.ObjectOf(x).(*types.Var)
	if !ok {
		return -1
	}
	param, ok := p.sc.Flow.Params[obj]
	if !ok || param.Func == nil || decl.Name == nil || p.pass.TypesInfo.Defs[decl.Name] != param.Func || param.Variadic {
		return -1
	}
	return param.Index
}

// handleKind says what the handle x, used at the statement or call at in
// the function decl, runs statements on: a transaction (*sql.Tx, sqlx's
// Tx, or a *sql.DB or *sql.Conn on which the function ran BEGIN before),
// a connection that commits each statement alone (*sql.DB, *sql.Conn,
// sqlx's DB and Conn), or something else ("": an interface, a wrapper).
func (p *Package) handleKind(x ast.Expr, at ast.Node, decl ast.Node) string {
	t := p.pass.TypesInfo.TypeOf(x)
	if !handle.IsPointer(t) && handle.FromSQL(t) {
		return unknownTx
	}
	switch handle.Of(t) {
	case handle.Tx:
		return inTx
	case handle.DB, handle.Conn:
		if p.beganOn(x, at.Pos(), decl) {
			return inTx
		}
		return autocommit
	}
	return unknownTx
}

// beganOn reports whether decl runs BEGIN on the handle x before pos.
func (p *Package) beganOn(x ast.Expr, pos token.Pos, decl ast.Node) bool {
	obj := p.sc.Flow.ObjectOf(x)
	return sqltext.BeganBefore(p.Queries, decl, pos, func(recv ast.Expr) bool {
		o := p.sc.Flow.ObjectOf(recv)
		return o != nil && o == obj || types.ExprString(recv) == types.ExprString(x)
	})
}

// view returns the check's own copy of p, with the package's commit
// loops as one run of the check sees them (they depend on its -min). The
// suite and rowbyrow.Analyzer may run at once on one package, both
// reading the Writers result: a check writes only into its copy, never
// into the shared result (x/tools' rule for inspect and buildssa). In a
// package that runs no SQL itself, runWriters leaves the value index and
// the syntax out; the check still needs them for the calls of other
// packages' writers, and computes them in its copy.
func (p *Package) view(commits, appends map[ast.Node]bool) *Package {
	v := *p
	if v.sc == nil {
		v.sc = scope.Of(v.pass, true, nil)
		v.Root = inspector.New(v.pass.Files).Root()
	}
	v.commits, v.appends = commits, appends
	return &v
}
