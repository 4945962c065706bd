package pagewalk

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/appenders"
	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// A Package is what the walks of a package were found with and the
// answers they share with a check that looks further in the same package
// (appendertx's Appender loops): whether a BEGIN ran before a call, which
// Appender a call flushes, a helper's callers. It is built whole by Find;
// its methods only read (the count of references to functions is made
// once, under a sync.Once): the checks of one driver share it.
type Package struct {
	pkg  *types.Package
	info *types.Info
	flow *flow.Index
	// apps knows which functions flush or append to an Appender.
	apps *appenders.Index
	// queries are the package's queries, to find BEGIN before a call.
	queries []*sqltext.Query
	// funcs are the package's function declarations, to find a helper's
	// callers; funcUses counts the references to each function.
	funcs    []*ast.FuncDecl
	usesOnce sync.Once
	funcUses map[*types.Func]int
	// root is the package's syntax, to find the calls and sends a walk
	// crosses (interproc.go).
	root inspector.Cursor
	// fset places positions in files, to tell _test.go files (nil: no
	// file is one).
	fset *token.FileSet
	// walks are the walks and commit loops Find returned.
	walks []*Walk
}

// Walks returns the walks and commit loops of the package, those of test
// files too (check's Input drops them without -tests): a loop that
// flushes an Appender a helper appends to, in a test, is still the
// helper's flush.
func (p *Package) Walks() []*Walk { return p.walks }

// Root is the package's syntax, test files included when the pass has
// them.
func (p *Package) Root() inspector.Cursor { return p.root }

// Apps is the package's appenders.Index.
func (p *Package) Apps() *appenders.Index { return p.apps }

// FlushOf returns the Appender a call flushes, as an expression of the
// call's function, and the helper that does it (its FuncDecl, or the
// function literal called), nil for the Appender's own Flush or Close or
// a helper of another package: the Appender's methods, a helper that
// flushes its parameter or its receiver's Appender (appenders.Use), or a
// function literal that flushes an Appender it captures
// (flush := func() error { return app.Flush() }).
func (p *Package) FlushOf(call *ast.CallExpr) (flushed ast.Expr, via ast.Node, ok bool) {
	for _, t := range p.apps.Targets(call) {
		if t.Flush {
			if d := p.apps.Decl(t.Via); d != nil {
				return t.Expr, d, true
			}
			return t.Expr, nil, true
		}
	}
	lits := call.Args
	if lit := p.calledLit(call); lit != nil {
		lits = []ast.Expr{lit}
	}
	for _, a := range lits {
		// A literal called here, or passed to a function that runs it:
		// g.Do("flush", func() (any, error) { return nil, app.Flush() }).
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
			if s := p.apps.Summarize(lit.Body); len(s.FlushExprs) > 0 {
				return s.FlushExprs[0], lit, true
			}
		}
	}
	return nil, nil, false
}

// calledLit returns the function literal call calls: written in place,
// or the one value of the variable called.
func (p *Package) calledLit(call *ast.CallExpr) *ast.FuncLit {
	fun := ast.Unparen(call.Fun)
	if v, ok := p.flow.ObjectOf(fun).(*types.Var); ok {
		fun = p.flow.SingleValue(v)
	}
	lit, _ := ast.Unparen(fun).(*ast.FuncLit)
	return lit
}

// InTx reports whether BEGIN (or BEGIN TRANSACTION, START TRANSACTION)
// runs before cur: in the function around it, or, for a helper, before
// every call of that function in the package. An Appender flushing inside
// a transaction commits nothing.
func (p *Package) InTx(cur inspector.Cursor) bool {
	var fn *ast.FuncDecl
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			fn = n
		case *ast.FuncLit:
			if p.txCallback(c, n) {
				return true
			}
		}
	}
	return fn != nil && p.beganBefore(fn, cur.Node().Pos(), 0)
}

// txCallback reports whether the function literal lit, at c, is passed
// to a function that runs it inside a transaction it began
// (appenders.TxCallback): duckutil.WithAppenderTx(ctx, db, "clicks",
// func(app *duckdb.Appender) error { ... }).
func (p *Package) txCallback(c inspector.Cursor, lit *ast.FuncLit) bool {
	call, ok := c.Parent().Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	i := slices.IndexFunc(call.Args, func(a ast.Expr) bool { return ast.Unparen(a) == lit })
	return i >= 0 && p.apps.InTx(code.Callee(p.info, call), i)
}

// beganBefore reports whether fn runs BEGIN before pos, or every call of
// fn in the package does so before the call. A helper without callers in
// the package (exported, or used as a value) proves nothing.
func (p *Package) beganBefore(fn *ast.FuncDecl, pos token.Pos, depth int) bool {
	if sqltext.BeganBefore(p.queries, fn, pos, nil) || p.callsBegin(fn, pos) {
		return true
	}
	obj, _ := p.info.Defs[fn.Name].(*types.Func)
	if obj == nil || depth >= flow.MaxDepth || p.UsedAsValue(obj) {
		return false
	}
	calls := p.Callers(obj)
	for _, call := range calls {
		caller := p.FuncAt(call.Pos())
		if caller == nil || caller == fn || !p.beganBefore(caller, call.Pos(), depth+1) {
			return false
		}
	}
	return len(calls) > 0
}

// callsBegin reports whether fn calls, before pos, a function of the
// package whose own body runs BEGIN: a begin(ctx, conn) helper.
func (p *Package) callsBegin(fn *ast.FuncDecl, pos token.Pos) bool {
	found := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok || call.Pos() >= pos {
			return !found
		}
		if d := p.apps.Decl(code.Callee(p.info, call)); d != nil && d != fn {
			found = sqltext.BeganBefore(p.queries, d.Body, d.Body.End(), nil)
		}
		return !found
	})
	return found
}

// FuncAt returns the function declaration around pos, or nil.
func (p *Package) FuncAt(pos token.Pos) *ast.FuncDecl {
	for _, fn := range p.funcs {
		if fn.Pos() <= pos && pos < fn.End() {
			return fn
		}
	}
	return nil
}

// UsedAsValue reports whether fn is referred to other than by a call
// (passed as a callback, stored) outside test files: its callers are
// then not all known.
func (p *Package) UsedAsValue(fn *types.Func) bool {
	p.usesOnce.Do(func() {
		p.funcUses = make(map[*types.Func]int)
		for id, obj := range p.info.Uses {
			if f, ok := obj.(*types.Func); ok && !p.inTest(id.Pos()) {
				p.funcUses[f.Origin()]++
			}
		}
	})
	return p.funcUses[fn] > len(p.Callers(fn))
}

// Callers returns the calls of fn in the package outside _test.go files.
// What every caller of a helper does (BEGIN first, a flush around it) is
// the program's, whatever a test that calls the helper directly does;
// and go vet analyses a package with its tests, a plain standalone run
// without them, so counting them would tell the two apart.
func (p *Package) Callers(fn *types.Func) []*ast.CallExpr {
	calls := p.flow.Calls[fn]
	if !slices.ContainsFunc(calls, func(c *ast.CallExpr) bool { return p.inTest(c.Pos()) }) {
		return calls
	}
	return slices.DeleteFunc(slices.Clone(calls), func(c *ast.CallExpr) bool { return p.inTest(c.Pos()) })
}

// inTest reports whether pos is in a _test.go file.
func (p *Package) inTest(pos token.Pos) bool {
	if p.fset == nil {
		return false
	}
	f := p.fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
