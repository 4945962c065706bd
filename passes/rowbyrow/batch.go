package rowbyrow

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
)

// batchWriter reports whether loop, in the function fn, is a batch
// writer's loop: it ranges over a slice or map parameter of fn and runs
// a prepared statement (a *sql.Stmt) per element, and no other. How many elements a
// parameter holds only the callers know, and the check does not guess
// it for a plain Exec (the few members of a team, the files of one
// upload, the links of one scraped page queued in a transaction); but a
// statement prepared to be run per element is the author's own word that
// the batch is a load (WriteBatch(rows), InsertRows(page), a pipeline
// sink's insertBatch(events)), unless its callers, all in the package,
// hand it literals (see literalOnly). A plain Exec per element is a batch
// writer's too when a caller hands the parameter a value that it also
// hands to such a prepared batch writer or to an Appender loop (see
// loadSibling): a search index's Index(docs) running indexNaive(docs) or
// indexPrepared(docs) by a setting. A transaction of the function's own
// is no such word: mizu's scrapers queue each page's few links with
// EnqueueBatch(items), BEGIN, an INSERT per item, COMMIT. Test helpers (a
// testing.TB parameter, a package named for tests) are not loads.
func (p *Package) batchWriter(loop ast.Node, fn ast.Node, call *ast.CallExpr) bool {
	r, ok := loop.(*ast.RangeStmt)
	if !ok || testHelper(p.pass.Pkg, p.pass.TypesInfo, fn) {
		return false
	}
	x := ast.Unparen(r.X)
	if s, ok := x.(*ast.SliceExpr); ok {
		x = ast.Unparen(s.X)
	}
	v, ok := p.sc.Flow.ObjectOf(x).(*types.Var)
	if !ok {
		return false
	}
	param, ok := p.sc.Flow.Params[v]
	if !ok || param.Func == nil || !within(v.Pos(), fn) {
		return false
	}
	switch v.Type().Underlying().(type) {
	case *types.Slice, *types.Map:
	default:
		return false
	}
	if !p.prepared(call) && !p.loadSibling(param.Func, param.Index) {
		return false
	}
	if p.literalOnly(param.Func, param.Index) {
		return false // every caller is here and hands it a literal: []Score{s}
	}
	// The loop runs that statement and nothing else on the database: a
	// loop that also writes other tables per element (a file's row in
	// one, its columns in another) builds a catalogue of what it is
	// given, it does not load it.
	for _, q := range p.Queries {
		if q.Call != call && within(q.Call.Pos(), r.Body) {
			return false
		}
	}
	return true
}

// loadSibling reports whether a caller in the package hands fn's
// parameter i a variable that it also loads itself or hands to a
// function that loads it (see loadsVar): a prepared batch writer, an
// Appender loop. The caller's own code then says the value is a batch to
// load, whichever way a setting picks to write it.
func (p *Package) loadSibling(fn *types.Func, i int) bool {
	for _, call := range p.sc.Flow.Calls[fn] {
		if i >= len(call.Args) || call.Ellipsis.IsValid() {
			continue
		}
		v, ok := p.sc.Flow.ObjectOf(call.Args[i]).(*types.Var)
		if !ok {
			continue
		}
		cur, ok := p.Root.FindNode(call)
		if !ok {
			continue
		}
		caller := declOf(cur)
		if caller == nil {
			continue
		}
		if f, ok := p.pass.TypesInfo.Defs[caller.Name].(*types.Func); ok && p.loadsVar(f, v) {
			return true // the caller appends the same rows itself
		}
		found := false
		ast.Inspect(caller.Body, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if found || !ok || c == call {
				return !found
			}
			g := code.Callee(p.pass.TypesInfo, c)
			if g == nil || g.Origin() == fn.Origin() || c.Ellipsis.IsValid() {
				return true
			}
			for j, a := range c.Args {
				if p.sc.Flow.ObjectOf(a) == v && p.loadsParam(g, j) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// loadsParam reports whether g, a function of the package, loads its
// parameter j (see loadsVar).
func (p *Package) loadsParam(g *types.Func, j int) bool {
	params := g.Signature().Params()
	if g.Pkg() != p.pass.Pkg || j >= params.Len() {
		return false
	}
	return p.loadsVar(g, params.At(j))
}

// loadsVar reports whether the function fn loads the slice or map v: a
// loop of fn ranging over v runs a prepared one-row statement per
// element, or appends a row to a DuckDB Appender per element.
func (p *Package) loadsVar(fn *types.Func, v *types.Var) bool {
	over := func(loop ast.Node) bool {
		r, ok := loop.(*ast.RangeStmt)
		if !ok {
			return false
		}
		x := ast.Unparen(r.X)
		if s, ok := x.(*ast.SliceExpr); ok {
			x = ast.Unparen(s.X)
		}
		return p.sc.Flow.ObjectOf(x) == v
	}
	for _, q := range p.Queries {
		decl := enclosingDecl(q.Cursor)
		if decl == nil || p.pass.TypesInfo.Defs[decl.Name] != fn || !p.prepared(q.Call) || p.statement(q) == nil {
			continue
		}
		if l := loopOf(q.Cursor, decl); l != nil && over(l) {
			return true
		}
	}
	for l := range p.appends {
		if over(l) {
			if cur, ok := p.Root.FindNode(l); ok {
				if decl := declOf(cur); decl != nil && p.pass.TypesInfo.Defs[decl.Name] == fn {
					return true
				}
			}
		}
	}
	return false
}

// appendLoops returns the range loops that append a row to a DuckDB
// Appender per iteration, directly (app.AppendRow) or through a helper
// whose appenders.Use says it appends (the Appender index every check
// shares; which of those loads cost is appendertx's to judge, not
// rowbyrow's: here a loop only says what the caller does with a slice).
func appendLoops(r *pagewalk.Result) map[ast.Node]bool {
	out := make(map[ast.Node]bool)
	if r == nil || r.Package == nil || r.Package.Apps() == nil {
		return out
	}
	apps := r.Package.Apps()
	for cur := range r.Package.Root().Preorder((*ast.RangeStmt)(nil)) {
		loop := cur.Node().(*ast.RangeStmt)
		ast.Inspect(loop.Body, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false // runs elsewhere
			case *ast.CallExpr:
				for _, t := range apps.Targets(m) {
					if !t.Flush {
						out[loop] = true
					}
				}
			}
			return !out[loop]
		})
	}
	return out
}

// testHelper reports whether fn is test support: it takes a testing.T,
// B or TB, or its package is named for tests (testutil, testhelper,
// fixtures ...).
func testHelper(pkg *types.Package, info *types.Info, fn ast.Node) bool {
	name := strings.ToLower(pkg.Name())
	if strings.Contains(name, "test") || strings.Contains(name, "fixture") || strings.Contains(name, "mock") {
		return true
	}
	var ft *ast.FuncType
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	}
	if ft == nil || ft.Params == nil {
		return false
	}
	for _, field := range ft.Params.List {
		t := info.TypeOf(field.Type)
		if code.IsNamed(t, "testing", "T") || code.IsNamed(t, "testing", "B") || code.IsNamed(t, "testing", "TB") {
			return true
		}
	}
	return false
}

// commitLoops returns the loops that commit into DuckDB every n rows, n
// written in the source and at least min, the -min setting (pagewalk's
// Batch walks: if (i+1)%n == 0 { tx.Commit() }, a transaction per chunk
// of n). Committing in batches that large is the author's word that the
// rows are a load, wherever they come from; a loop that commits every
// iteration or every few (a scraper saving each of its ten result
// pages) counts pages, not rows.
func commitLoops(r *pagewalk.Result, min int) map[ast.Node]bool {
	out := make(map[ast.Node]bool)
	if r == nil {
		return out
	}
	for _, w := range r.Walks {
		if w.Strategy != pagewalk.Batch || !w.Write || w.Loop() == nil {
			continue
		}
		for _, s := range w.Sites {
			if s.Value >= int64(min) {
				out[w.Loop()] = true
			}
		}
	}
	return out
}

// inCommitLoop reports whether loop is, or is inside, one of the
// package's commit loops within the function fn.
func (p *Package) inCommitLoop(loop ast.Node, fn ast.Node) bool {
	for l := range p.commits {
		if l.Pos() <= loop.Pos() && loop.End() <= l.End() && within(l.Pos(), fn) {
			return true
		}
	}
	return false
}

// handsBulk reports whether call, of the per-element writer w, hands it
// rows read in bulk: the argument is a slice or map its caller filled in
// a bulk loop (the lines of a file, the rows of a query; see bulkValue).
func (p *Package) handsBulk(cur inspector.Cursor, call *ast.CallExpr, w *OneRow) bool {
	i := w.Each - 1
	if i < 0 || i >= len(call.Args) || call.Ellipsis.IsValid() {
		return false
	}
	fn := code.EnclosingFunc(cur)
	if d := declOf(cur); d != nil {
		fn = d
	}
	if testHelper(p.pass.Pkg, p.pass.TypesInfo, fn) {
		return false
	}
	return p.bulkValue(call.Args[i], fn, handleArg(w, call), 0)
}

// paramName returns the name of fn's parameter i, or "argument".
func paramName(fn *types.Func, i int) string {
	params := fn.Signature().Params()
	if i < params.Len() && params.At(i).Name() != "" && params.At(i).Name() != "_" {
		return params.At(i).Name()
	}
	return "argument"
}
