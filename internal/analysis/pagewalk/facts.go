package pagewalk

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/handle"
	"github.com/rowalign/rowalign/internal/analysis/scope"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
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
	// LimitField and OffsetField, when set, name the field of the struct
	// parameter Limit or Offset that is bound (opts.Offset of
	// List(ctx, opts ListOptions)); Page reports that the Offset
	// parameter is a page number the function multiplies by its limit
	// (offset := (page - 1) * perPage).
	LimitField, OffsetField string
	Page                    bool
	// OrderBy reports an ORDER BY beside the LIMIT; Write an INSERT ...
	// SELECT or CREATE ... AS.
	OrderBy, Write bool
	// At is where the query is, as file.go:line, for the message.
	At string
}

// AFact marks PageQuery as an analysis fact.
func (*PageQuery) AFact() {}

func (f *PageQuery) String() string {
	s := fmt.Sprintf("page query limit=%d offset=%d orderby=%v write=%v at %s", f.Limit, f.Offset, f.OrderBy, f.Write, f.At)
	if f.LimitField != "" || f.OffsetField != "" {
		s += fmt.Sprintf(" fields %q %q", f.LimitField, f.OffsetField)
	}
	if f.Page {
		s += " page number"
	}
	return s
}

// Queries is the result of QueriesAnalyzer: a package's queries
// (sqltext.Find) and the calls that run another package's page query
// (RemoteQueries), with the syntax index and the value index they were
// found with. Empty for a package out of scope under the default
// settings; the checker finds its own then (-scope=all).
type Queries struct {
	Insp    *inspector.Inspector
	Flow    *flow.Index
	Queries []*sqltext.Query
	// Local are the package's own queries (sqltext.Find), the first
	// len(Local) of Queries: rowbyrow's Writers reads them too.
	Local []*sqltext.Query
}

// QueriesAnalyzer finds the queries of each DuckDB client package (scope
// auto), which the checks read, and exports a PageQuery fact for each
// function or method that runs one LIMIT/OFFSET page at an offset that
// is its parameter. It reports nothing. A separate analyzer, so that the
// fact is there for every dependency under go vet, and so that a
// check's analysistest does not expect each fact in its fixtures.
var QueriesAnalyzer = &analysis.Analyzer{
	Name:             "rowalignqueries",
	Doc:              "find the SQL queries of DuckDB client code and export the page functions' PageQuery facts (used by rowalign's checks)",
	URL:              "https://github.com/rowalign/rowalign",
	Requires:         []*analysis.Analyzer{scope.Analyzer},
	FactTypes:        []analysis.Fact{new(PageQuery)},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Queries](),
	Run: func(pass *analysis.Pass) (any, error) {
		sc := scope.Of(pass, false, nil)
		if !sc.InScope || sc.Flow == nil {
			return &Queries{}, nil
		}
		insp := inspector.New(pass.Files)
		qs := sqltext.Find(sc.Flow, insp)
		exportPageFuncs(pass, sc, qs)
		qs = slices.Clip(qs)
		return &Queries{Insp: insp, Flow: sc.Flow, Local: qs, Queries: append(qs, RemoteQueries(pass, sc, insp)...)}, nil
	},
}

// exportPageFuncs exports the PageQuery fact of each function or method
// of the package that runs a LIMIT/OFFSET page of a DuckDB query at an
// offset that is its parameter (and maybe a limit that is another).
func exportPageFuncs(pass *analysis.Pass, sc *scope.Result, qs []*sqltext.Query) {
	x := sc.Flow
	for _, q := range qs {
		s := q.Shape
		if s.Limit == nil || s.Offset == nil || sc.Foreign(q.Recv) != "" {
			continue
		}
		fn := enclosingFunc(pass, q.Cursor)
		if fn == nil {
			continue
		}
		off, offField := paramField(x, fn, q.Arg(s.Offset))
		lim, limField := paramField(x, fn, q.Arg(s.Limit))
		page := false
		if off < 0 {
			off, page = pageParam(x, fn, q.Arg(s.Offset), q.Arg(s.Limit)), true
		}
		if off < 0 {
			continue
		}
		p := pass.Fset.Position(q.Call.Pos())
		pass.ExportObjectFact(fn, &PageQuery{
			Limit:       lim,
			Offset:      off,
			LimitField:  limField,
			OffsetField: offField,
			Page:        page,
			OrderBy:     s.OrderBy,
			Write:       s.Kind == sqltext.Insert || s.Kind == sqltext.Create,
			At:          filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line),
		})
	}
}

// enclosingFunc returns the function or method declared around cur,
// when cur is directly in its body (not in a function literal).
func enclosingFunc(pass *analysis.Pass, cur inspector.Cursor) *types.Func {
	d, ok := code.EnclosingFunc(cur).(*ast.FuncDecl)
	if !ok {
		return nil
	}
	fn, _ := pass.TypesInfo.Defs[d.Name].(*types.Func)
	return fn
}

// paramOf returns the index of the parameter of fn that e is, -1 when e
// is not one of them.
func paramOf(x *flow.Index, fn *types.Func, e ast.Expr) int {
	if e == nil {
		return -1
	}
	v, ok := x.ObjectOf(e).(*types.Var)
	if !ok {
		return -1
	}
	p, ok := x.Params[v]
	if !ok || p.Func != fn || p.Variadic {
		return -1
	}
	return p.Index
}

// paramField returns the index of the parameter of fn that e is, or
// whose field e reads (opts.Offset), with the field's name; -1 when e is
// neither.
func paramField(x *flow.Index, fn *types.Func, e ast.Expr) (int, string) {
	if i := paramOf(x, fn, e); i >= 0 {
		return i, ""
	}
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		if v, ok := x.ObjectOf(sel).(*types.Var); ok && v.IsField() {
			if i := paramOf(x, fn, sel.X); i >= 0 {
				return i, sel.Sel.Name
			}
		}
	}
	return -1, ""
}

// pageParam returns the index of the parameter of fn that off, the
// OFFSET's value, is a page number of: off is page*limit or
// (page-1)*limit, written so or set once to it, with limit the LIMIT's
// value; -1 otherwise.
func pageParam(x *flow.Index, fn *types.Func, off, limit ast.Expr) int {
	if obj := x.ObjectOf(off); obj != nil {
		if v := x.SingleValue(obj); v != nil {
			off = v
		}
	}
	b, ok := ast.Unparen(off).(*ast.BinaryExpr)
	if !ok || b.Op != token.MUL || limit == nil {
		return -1
	}
	lim := x.ObjectOf(limit)
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if lim == nil || x.ObjectOf(pair[1]) != lim {
			continue
		}
		page := ast.Unparen(pair[0])
		if d, ok := page.(*ast.BinaryExpr); ok && d.Op == token.SUB {
			if n, ok := code.IntValue(x.Info, d.Y); ok && n == 1 {
				page = d.X // pages counted from 1
			}
		}
		if i := paramOf(x, fn, page); i >= 0 {
			return i
		}
	}
	return -1
}

// fieldArg returns the expression of field name of the struct argument
// arg: the value a composite literal gives it (ListOptions{Offset: off}),
// or, for a variable, a read of that field in the function around the
// call (opts.Offset in opts.Offset += opts.Limit), which the walk's loop
// advances; nil when there is none.
func fieldArg(pass *analysis.Pass, cur inspector.Cursor, arg ast.Expr, name string) ast.Expr {
	e := ast.Unparen(arg)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
					return kv.Value
				}
			}
		}
		return nil
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v := pass.TypesInfo.Uses[id]
	var found ast.Expr
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		for s := range c.Preorder((*ast.SelectorExpr)(nil)) {
			sel := s.Node().(*ast.SelectorExpr)
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && found == nil && sel.Sel.Name == name && v != nil && pass.TypesInfo.Uses[x] == v {
				found = sel
			}
		}
		break
	}
	return found
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
		fn := code.Callee(pass.TypesInfo, call)
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
		// Fields of a struct argument are bound as arguments of their own,
		// after the call's: the limit and the offset may be one argument.
		args, off, lim := call.Args, fact.Offset, fact.Limit
		if fact.OffsetField != "" || fact.LimitField != "" {
			args = slices.Clip(call.Args)
			if fact.OffsetField != "" {
				args, off = append(args, fieldArg(pass, cur, call.Args[off], fact.OffsetField)), len(args)
				if args[off] == nil {
					continue // an offset the call does not set: no walk
				}
			}
			if fact.LimitField != "" && lim >= 0 {
				// Only a literal's: a variable's field is traced to every
				// literal of its type in the package, other walks' sizes.
				l := fieldArg(pass, cur, call.Args[lim], fact.LimitField)
				if _, sel := l.(*ast.SelectorExpr); sel {
					l = nil
				}
				args, lim = append(args, l), len(args)
				if l == nil {
					lim = -1
				}
			}
		}
		q := &sqltext.Query{Call: call, Cursor: cur, Recv: handleOf(pass.TypesInfo, call, fn), Args: args, PageNumber: fact.Page}
		q.Shape = sqltext.Shape{Kind: sqltext.Read, OrderBy: fact.OrderBy, Offset: param(off)}
		if fact.Write {
			q.Shape.Kind = sqltext.Insert
		}
		if lim >= 0 {
			q.Shape.Limit = param(lim)
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
		if t := info.TypeOf(a); handle.Is(t) && handle.FromSQL(t) {
			return a
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
