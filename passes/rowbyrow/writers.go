package rowbyrow

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/flow"
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
	FactTypes:        []analysis.Fact{new(OneRow)},
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
}

// AFact marks OneRow as an analysis fact.
func (*OneRow) AFact() {}

func (f *OneRow) String() string {
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
	if !runsSQL(pass.Pkg) {
		return p, nil
	}
	p.sc = scope.Of(pass, true, nil)
	if pq := pass.ResultOf[pagewalk.QueriesAnalyzer].(*pagewalk.Queries); pq.Flow != nil && pq.Flow == p.sc.Flow {
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
	return p, nil
}

// runsSQL reports whether pkg imports database/sql or sqlx itself: only
// such a package can write a row by its own statement.
func runsSQL(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == "database/sql" || imp.Path() == sqlxPath {
			return true
		}
	}
	return false
}

const sqlxPath = "github.com/jmoiron/sqlx"

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
		if decl == nil || p.rowLoop(q.Cursor, st.uses, q.Call) != nil {
			continue // a loop in the function itself: reported there
		}
		fn, _ := p.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil || p.local[fn] != nil {
			continue
		}
		f := &OneRow{Kind: st.kind.String(), Handle: p.handleKind(q.Recv, q.Call, decl), Param: p.paramIndex(q.Recv, decl)}
		if f.Param >= 0 {
			f.Handle = unknownTx // decided by each caller's argument
		} else if !duck {
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

// growWriters adds to the package's writers the functions that call one
// outside a loop over rows, and reports whether it added any. Calls are
// visited in source order, so that a function calling two writers always
// takes the first one's kind.
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
		fn := flow.Callee(p.pass.TypesInfo, call)
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
		if !ok || p.rowLoop(cur, call.Args, call) != nil {
			continue
		}
		f := &OneRow{Kind: w.Kind, Handle: h, Param: -1}
		if w.Param >= 0 && w.Param < len(call.Args) {
			if f.Param = p.paramIndex(call.Args[w.Param], decl); f.Param >= 0 {
				f.Handle = unknownTx
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
	path, name, ok := flow.NamedType(t)
	if !ok || path != "database/sql" && path != sqlxPath {
		return unknownTx
	}
	if _, isPtr := types.Unalias(t).(*types.Pointer); !isPtr && path == "database/sql" {
		return unknownTx
	}
	switch name {
	case "Tx":
		return inTx
	case "DB", "Conn":
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
	for _, q := range p.Queries {
		if q.Shape.Kind != sqltext.Begin || q.Call.Pos() >= pos || q.Call.Pos() < decl.Pos() || q.Call.End() > decl.End() {
			continue
		}
		if o := p.sc.Flow.ObjectOf(q.Recv); o != nil && o == obj || types.ExprString(q.Recv) == types.ExprString(x) {
			return true
		}
	}
	return false
}

// ensure computes what runWriters leaves out in a package that runs no
// SQL itself: the check still needs the calls of other packages' writers.
func (p *Package) ensure() {
	if p.sc != nil {
		return
	}
	p.sc = scope.Of(p.pass, true, nil)
	p.Root = inspector.New(p.pass.Files).Root()
}
