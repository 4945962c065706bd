package pagewalk

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/scope"
)

// Walks is the object fact of an exported function or method that runs
// a page walk whose handle or page size its callers give it:
//
//	func Export(ctx context.Context, db *sql.DB) error  // walks parameter 1 with 200,000-row pages at export.go:15
//	func Pages(db *sql.DB, n int) error                 // walks DuckDB with pages of parameter 1
//
// A package that also talks to PostgreSQL cannot tell which engine an
// exported function's handle parameter belongs to, and says nothing
// there (see package scope); a caller that passes a DuckDB handle can,
// and reports the walk at its call. A size passed as a parameter is
// written at the call, and reported, and fixed, there. Under go vet and
// standalone alike the fact is what carries this across the package
// boundary, so both give the same findings.
type Walks struct {
	Walks []ParamWalk
}

// AFact marks Walks as an analysis fact.
func (*Walks) AFact() {}

func (f *Walks) String() string {
	var parts []string
	for _, w := range f.Walks {
		parts = append(parts, w.String())
	}
	return "walks: " + strings.Join(parts, "; ")
}

// A ParamWalk is one walk of a Walks fact.
type ParamWalk struct {
	Strategy Strategy
	Write    bool
	// OrderBy reports a LIMIT/OFFSET walk with ORDER BY.
	OrderBy bool
	// At is where the walk's query is, "export.go:15".
	At string
	// Handle is the parameter the walk's handle comes from, -1 when it
	// comes from elsewhere. Judged reports that the function's own
	// package took the handle for DuckDB's and reports the constant
	// sizes itself; otherwise a caller must prove its handle is DuckDB's.
	Handle int
	Judged bool
	// Ctor is, for a method's walk over a field of its receiver, the
	// exported function that alone sets the field, from its parameter
	// CtorParam: a caller that got the receiver from Ctor knows the
	// handle's engine. "" otherwise.
	Ctor      string
	CtorParam int
	// Sizes are the parameters the page size comes from.
	Sizes []int
	// Sites are the constant page sizes the walk's own package traced,
	// when it did not judge the handle (it reported nothing).
	Sites []FactSite
}

// A FactSite is a constant size written in the walk's package.
type FactSite struct {
	Value int64
	// Name is the constant or variable, "" for a literal.
	Name string
	// At is where it is written, "export.go:14".
	At string
}

func (w ParamWalk) String() string {
	s := fmt.Sprintf("%s at %s", w.Strategy, w.At)
	if w.Handle >= 0 {
		s += fmt.Sprintf(" over parameter %d", w.Handle)
		if w.Judged {
			s += " (DuckDB's here)"
		}
	}
	if w.Ctor != "" {
		s += fmt.Sprintf(" over the receiver's handle, parameter %d of %s", w.CtorParam, w.Ctor)
	}
	for _, p := range w.Sizes {
		s += fmt.Sprintf(", size parameter %d", p)
	}
	for _, site := range w.Sites {
		s += fmt.Sprintf(", size %d at %s", site.Value, site.At)
	}
	return s
}

// exportFacts records a Walks fact on each exported function that runs
// one of walks (reported or not) over a handle or with a size its
// callers give it.
func (w *walker) exportFacts(pass *analysis.Pass, walks []*Walk) {
	fset := pass.Fset
	byFunc := make(map[*types.Func]*Walks)
	var order []*types.Func
	for _, walk := range walks {
		decl := w.FuncAt(walk.Pos())
		if decl == nil || !walk.PagesTable() && !walk.Write {
			continue
		}
		fn, ok := w.info.Defs[decl.Name].(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		pw := ParamWalk{Strategy: walk.Strategy, Write: walk.Write, OrderBy: walk.Ordered(), At: cmp.Or(walk.from, position(fset, walk.Pos())), Handle: -1, Judged: !walk.silent}
		if walk.recv != nil {
			pw.Handle = w.scope.HandleParam(decl, walk.recv)
		}
		pw.Sizes = w.sizeParams(fn, walk.size)
		if !pw.Judged {
			if pw.Handle < 0 && walk.recv != nil {
				pw.Ctor, pw.CtorParam = w.scope.CtorParam(decl, walk.recv)
			}
			if pw.Handle < 0 && pw.Ctor == "" {
				continue // nothing a caller can add
			}
			for _, s := range walk.Sites {
				if s.Value > 0 {
					pw.Sites = append(pw.Sites, FactSite{Value: s.Value, Name: s.Name, At: cmp.Or(s.Where, position(fset, s.Pos))})
				}
			}
		} else if len(pw.Sizes) == 0 {
			continue // the function's package reports it all
		}
		f := byFunc[fn]
		if f == nil {
			f = new(Walks)
			byFunc[fn] = f
			order = append(order, fn)
		}
		f.Walks = append(f.Walks, pw)
	}
	for _, fn := range order {
		pass.ExportObjectFact(fn, byFunc[fn])
	}
}

// position returns "file.go:line" for pos, the form a fact carries: under
// go vet an importer's file set does not know the files of its imports.
func position(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// sizeParams returns the parameters of fn the page size e comes from.
func (w *walker) sizeParams(fn *types.Func, e ast.Expr) []int {
	if e == nil {
		return nil
	}
	srcs, _ := w.ssa.Sources(e)
	var out []int
	for _, s := range srcs {
		if s.Func == fn && s.Param >= 0 {
			out = append(out, s.Param)
		}
	}
	return out
}

// callerWalks returns the walks that calls in this package make through
// other packages' exported functions, by their Walks facts: a walk over
// the handle a call passes, when this package proves it is DuckDB's, or
// a walk whose page size the call passes.
func (w *walker) callerWalks(pass *analysis.Pass) (walks, silent []*Walk) {
	for cur := range w.root.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := code.Callee(w.info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg() == w.pkg || call.Ellipsis.IsValid() {
			continue
		}
		var f Walks
		if !pass.ImportObjectFact(fn, &f) {
			continue
		}
		for _, pw := range f.Walks {
			walk := w.callerWalk(call, fn, pw)
			switch {
			case walk == nil:
			case walk.silent:
				silent = append(silent, walk)
			default:
				walks = append(walks, walk)
			}
		}
	}
	return walks, silent
}

// callerWalk returns the walk call makes through fn's walk pw, or nil
// when the handle it passes belongs to another engine.
func (w *walker) callerWalk(call *ast.CallExpr, fn *types.Func, pw ParamWalk) *Walk {
	name := fn.Pkg().Name() + "." + fn.Name()
	walk := &Walk{Strategy: pw.Strategy, Write: pw.Write, orderBy: pw.OrderBy, call: call, from: name + ", " + pw.At}
	if pw.Handle >= 0 || pw.Ctor != "" {
		if pw.Handle >= len(call.Args) {
			return nil
		}
		if !pw.Judged && !scope.Evidence.Callers {
			return nil
		}
		if pw.Handle >= 0 {
			walk.recv = call.Args[pw.Handle]
		} else if walk.recv = w.ctorArg(call, fn, pw); walk.recv == nil {
			return nil
		}
		switch w.scope.Foreign(walk.recv) {
		case "":
			if !pw.Judged && w.scope.Engine(walk.recv) != scope.DuckDB {
				// Unknown here too, in a package that talks to DuckDB
				// only: not proof enough for a walk its own package
				// would not judge. A caller of this function may know.
				walk.silent = true
			}
		case "?":
			walk.silent = true
		default:
			return nil
		}
	}
	if pw.Judged && walk.recv != nil {
		walk.Why = w.scope.Why(walk.recv) // the handle this call passes, from a struct field
	}
	if !pw.Judged && !walk.silent {
		walk.Why = "DuckDB judged from the handle this call passes to " + name
		if pw.Ctor != "" {
			walk.Why = "DuckDB judged from the handle " + types.ExprString(walk.recv) + " given to " + fn.Pkg().Name() + "." + pw.Ctor + " for this receiver"
		}
		// Its package reported nothing: the strategy is this call's
		// finding too (offsetwalk).
		walk.Remote = walk.from
	}
	for _, j := range pw.Sizes {
		if j < len(call.Args) {
			if walk.size == nil {
				walk.size = call.Args[j]
			}
			walk.Sites = append(walk.Sites, w.sites(call.Args[j], 0)...)
		}
	}
	if !pw.Judged {
		for _, s := range pw.Sites {
			where := name + ", " + s.At
			walk.Sites = append(walk.Sites, Site{Pos: call.Pos(), End: call.End(), Value: s.Value, Name: s.Name, Foreign: true, Where: where})
		}
	}
	if len(walk.Sites) == 0 && !walk.silent && walk.Remote == "" {
		return nil
	}
	return walk
}

// ctorArg returns, for the call of a method whose walk is over its
// receiver's handle, the handle the receiver was given: the argument
// CtorParam of the one call of pw.Ctor the receiver comes from
// (s := store.New(duck); s.Export(ctx), or store.New(duck).Export(ctx)),
// or nil.
func (w *walker) ctorArg(call *ast.CallExpr, fn *types.Func, pw ParamWalk) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	ctor, isFunc := fn.Pkg().Scope().Lookup(pw.Ctor).(*types.Func)
	if !ok || !isFunc {
		return nil
	}
	x := ast.Unparen(sel.X)
	if id, ok := x.(*ast.Ident); ok {
		v, ok := w.info.Uses[id].(*types.Var)
		if !ok || w.flow.Escaped[v] || len(w.flow.Writes[v]) != 1 {
			return nil
		}
		x = ast.Unparen(w.flow.Writes[v][0].Value)
	}
	c, ok := x.(*ast.CallExpr)
	if !ok || code.Callee(w.info, c) != ctor || c.Ellipsis.IsValid() || pw.CtorParam >= len(c.Args) || len(c.Args) != ctor.Signature().Params().Len() {
		return nil
	}
	return c.Args[pw.CtorParam]
}
