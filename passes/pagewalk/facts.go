package pagewalk

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/passes/internal/flow"
	"github.com/rowalign/rowalign/passes/scope"
	"github.com/rowalign/rowalign/passes/sqltext"
)

// PageQuery is the object fact of a function or method of a DuckDB
// client package that runs one LIMIT/OFFSET page whose offset (and
// maybe limit) are its parameters, and walks nothing itself: a
// repository's
//
//	func (r *Repo) ListRepositories(ctx context.Context, limit, offset int) ([]Repository, error)
//
// An importer that calls it, directly or through an interface the
// method implements, in a loop whose offset advances walks the table;
// one that calls it once (a command that prints one page) does not. The
// walk is reported at the importer's call in its loop (issue 17).
type PageQuery struct {
	// Limit and Offset are the indexes of the parameters bound to LIMIT
	// and OFFSET (the receiver not counted); Limit is -1 when the limit
	// is not a parameter.
	Limit, Offset int
	// OrderBy reports an ORDER BY beside the LIMIT; Write an INSERT ...
	// SELECT or CREATE ... AS.
	OrderBy, Write bool
	// At is where the query is, as file.go:line, for the message.
	At string
}

// AFact marks PageQuery as an analysis fact.
func (*PageQuery) AFact() {}

func (f *PageQuery) String() string {
	return fmt.Sprintf("page query limit=%d offset=%d orderby=%v write=%v at %s", f.Limit, f.Offset, f.OrderBy, f.Write, f.At)
}

// A PageFunc is a function of the package whose PageQuery fact the
// checker exports (ExportFacts); query is the page query it runs.
type PageFunc struct {
	Func  *types.Func
	Fact  *PageQuery
	query token.Pos
}

// ExportFacts exports the PageQuery facts of the package's page
// functions (Result.PageFuncs). The analyzer running it must list
// PageQuery among its FactTypes.
func ExportFacts(pass *analysis.Pass, res *Result) {
	for _, pf := range res.PageFuncs {
		p := pass.Fset.Position(pf.query)
		pf.Fact.At = filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
		pass.ExportObjectFact(pf.Func, pf.Fact)
	}
}

// pageFuncs returns the functions and methods of the package that run a
// LIMIT/OFFSET page of a DuckDB query with a parameter as the offset,
// and no walk of their own (walks are the walks found in the package).
func (w *walker) pageFuncs(walks []*Walk) []PageFunc {
	walked := make(map[*sqltext.Query]bool)
	for _, wk := range walks {
		if wk.Query != nil {
			walked[wk.Query] = true
		}
	}
	var out []PageFunc
	for _, q := range w.queries {
		s := q.Shape
		if walked[q] || s.Limit == nil || s.Offset == nil || q.Remote != "" || w.scope.Foreign(q.Recv) != "" {
			continue
		}
		decl := w.funcAt(q.Call.Pos())
		if decl == nil {
			continue
		}
		fn, ok := w.info.Defs[decl.Name].(*types.Func)
		if !ok {
			continue
		}
		off := w.paramOf(fn, q.Arg(s.Offset))
		if off < 0 {
			continue
		}
		fact := &PageQuery{
			Limit:   w.paramOf(fn, q.Arg(s.Limit)),
			Offset:  off,
			OrderBy: s.OrderBy,
			Write:   s.Kind == sqltext.Insert || s.Kind == sqltext.Create,
		}
		out = append(out, PageFunc{Func: fn, Fact: fact, query: q.Call.Pos()})
	}
	return out
}

// paramOf returns the index of the parameter of fn that e is, -1 when e
// is not one of them.
func (w *walker) paramOf(fn *types.Func, e ast.Expr) int {
	if e == nil {
		return -1
	}
	v, ok := w.flow.ObjectOf(e).(*types.Var)
	if !ok {
		return -1
	}
	p, ok := w.flow.Params[v]
	if !ok || p.Func != fn || p.Variadic {
		return -1
	}
	return p.Index
}

// RemoteQueries returns, as queries, the calls of the package to
// functions and methods of other packages that carry a PageQuery fact:
// called directly (store.Page(ctx, db, n, off)), or through an interface
// method that a method with the fact implements (l.ListRepositories(ctx,
// n, off) with l a Lister that *store.Repo implements). Find treats each
// as the page query it runs, so a loop whose offset advances around the
// call is a walk, reported at the call.
func RemoteQueries(pass *analysis.Pass, sc *scope.Result, insp *inspector.Inspector) []*sqltext.Query {
	if !sc.InScope || sc.Flow == nil {
		return nil
	}
	// Methods with the fact, by name, for interface calls.
	var methods map[string][]analysis.ObjectFact
	var out []*sqltext.Query
	for cur := range insp.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := flow.Callee(pass.TypesInfo, call)
		if fn == nil || fn.Pkg() == nil || call.Ellipsis.IsValid() {
			continue
		}
		var fact PageQuery
		found := false
		name := funcName(fn)
		if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
			// An interface of any package, often the caller's own
			// (type Lister interface{...}), implemented by another
			// package's method with the fact.
			if methods == nil {
				methods = make(map[string][]analysis.ObjectFact)
				for _, of := range pass.AllObjectFacts() {
					if m, ok := of.Object.(*types.Func); ok && m.Signature().Recv() != nil {
						if _, ok := of.Fact.(*PageQuery); ok {
							methods[m.Name()] = append(methods[m.Name()], of)
						}
					}
				}
			}
			iface, _ := recv.Type().Underlying().(*types.Interface)
			for _, of := range methods[fn.Name()] {
				m := of.Object.(*types.Func)
				t := m.Signature().Recv().Type()
				if iface != nil && (types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface)) {
					fact, found = *of.Fact.(*PageQuery), true
					name = funcName(m)
					break
				}
			}
		} else if fn.Pkg() != pass.Pkg {
			found = pass.ImportObjectFact(fn.Origin(), &fact)
		}
		if !found || fact.Offset >= len(call.Args) || fact.Limit >= len(call.Args) {
			continue
		}
		q := &sqltext.Query{Call: call, Cursor: cur, Recv: handleOf(pass.TypesInfo, call, fn), Args: call.Args}
		q.Shape = sqltext.Shape{Kind: sqltext.Read, OrderBy: fact.OrderBy, Offset: param(fact.Offset)}
		if fact.Write {
			q.Shape.Kind = sqltext.Insert
		}
		if fact.Limit >= 0 {
			q.Shape.Limit = param(fact.Limit)
		} else {
			// A LIMIT written in the callee: no size here, but a walk.
			q.Shape.Limit = &sqltext.Operand{Tok: sqltext.Token{Kind: sqltext.Punct}}
		}
		q.Remote = name + " (query at " + fact.At + ")"
		out = append(out, q)
	}
	return out
}

// param is the operand of a placeholder bound to argument i.
func param(i int) *sqltext.Operand {
	return &sqltext.Operand{Tok: sqltext.Token{Kind: sqltext.Placeholder, Text: "?", Arg: i}}
}

// handleOf returns the handle whose engine decides whether the call's
// query is DuckDB's: the value a method is called on (repo in
// repo.List(...)), or a function's first database handle argument
// (store.Page(ctx, db, n, off)), or else the call itself.
func handleOf(info *types.Info, call *ast.CallExpr, fn *types.Func) ast.Expr {
	if fn.Signature().Recv() != nil {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
	}
	for _, a := range call.Args {
		for _, name := range []string{"DB", "Tx", "Conn"} {
			if flow.IsNamed(info.TypeOf(a), "database/sql", name) {
				return a
			}
		}
	}
	return call
}

// funcName names a function as Go code calls it from another package:
// store.Page, store.(*DuckStore).ListRepositories.
func funcName(fn *types.Func) string {
	pkg := fn.Pkg().Name() + "."
	recv := fn.Signature().Recv()
	if recv == nil {
		return pkg + fn.Name()
	}
	t, star := recv.Type(), ""
	if p, ok := t.(*types.Pointer); ok {
		t, star = p.Elem(), "*"
	}
	if n, ok := t.(*types.Named); ok {
		return pkg + "(" + star + n.Obj().Name() + ")." + fn.Name()
	}
	return fn.FullName()
}
