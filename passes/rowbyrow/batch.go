package rowbyrow

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/pagewalk"
)

// batchWriter reports whether loop, in the function fn, is a batch
// writer's loop: it ranges over a slice or map parameter of fn and runs
// a prepared statement (a *sql.Stmt) per element, and no other. How many elements a
// parameter holds only the callers know, and the check does not guess
// it for a plain Exec (the few members of a team, the files of one
// upload); but a statement prepared to be run per element is the
// author's own word that the batch is a load (WriteBatch(rows),
// InsertRows(page), a pipeline sink's insertBatch(events)), unless its
// callers, all in the package, hand it literals (see literalOnly). Test
// helpers (a testing.TB parameter, a package named for tests) are not
// loads.
func (p *Package) batchWriter(loop ast.Node, fn ast.Node, call *ast.CallExpr) bool {
	r, ok := loop.(*ast.RangeStmt)
	if !ok || !p.prepared(call) || testHelper(p.pass.Pkg, p.pass.TypesInfo, fn) {
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
		if flow.IsNamed(t, "testing", "T") || flow.IsNamed(t, "testing", "B") || flow.IsNamed(t, "testing", "TB") {
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
	fn := flow.EnclosingFunc(cur)
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
