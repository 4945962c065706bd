// Package appenders finds the functions that flush, close or append one
// row to a DuckDB Appender they are given, as a parameter or held by
// their receiver, so that a loop calling such a helper is read as if the
// call were written in it:
//
//	for i, e := range events {
//		app.AppendRow(e.ID, e.Kind)
//		if (i+1)%500 == 0 {
//			dbutil.Flush(app) // flushes its parameter 0: the loop flushes every 500 rows
//		}
//	}
//
// Analyzer exports what it finds on the exported functions and methods of
// a package as Use facts, so an importer's loop sees a helper of another
// package, and TxCallback facts on the wrappers that run a callback
// inside a transaction they began; Index answers for the package's own
// functions and for the facts of imported ones.
package appenders

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/scope"
)

// Recv is the index Use gives a method's receiver.
const Recv = -1

// Use is the object fact of a function or method that flushes or closes
// the Appender it is given (Flushes), or appends exactly one row to it per
// call and never flushes it (Appends): the indices of the parameters
// whose Appender it is, Recv for the receiver. A parameter or receiver
// "gives" the Appender when it is one or holds one (l.app.Flush() on a
// receiver l).
type Use struct {
	Flushes, Appends []int
}

// AFact marks Use as an analysis fact.
func (*Use) AFact() {}

func (u *Use) String() string {
	return fmt.Sprintf("appender: flushes %v appends %v", u.Flushes, u.Appends)
}

// Analyzer exports a Use fact on every exported function or method of a
// package that reaches DuckDB (see package scope) and uses an Appender it
// is given, and a TxCallback fact on each that runs a func parameter
// after BEGIN; it reports nothing. Its result is the package's Index.
var Analyzer = &analysis.Analyzer{
	Name:             "rowalignappenders",
	Doc:              "find the functions that flush or append one row to a DuckDB Appender they are given (facts only)",
	URL:              "https://github.com/rowalign/rowalign/tree/main/internal/analysis/appenders",
	Requires:         []*analysis.Analyzer{scope.Analyzer},
	Run:              run,
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(Use), new(TxCallback), new(Commits)},
	ResultType:       reflect.TypeFor[*Index](),
}

func run(pass *analysis.Pass) (any, error) {
	// A package that does not reach DuckDB has no Appender to be given,
	// and one that does not import database/sql no transaction helper:
	// under go vet this is every standard package but database/sql's
	// own, at no cost.
	if p, ok := pass.ResultOf[scope.Analyzer].(*scope.Package); !ok || p.Via == "" && !importsSQL(pass.Pkg) {
		return New(pass.Pkg, pass.TypesInfo, nil, pass.ImportObjectFact), nil
	}
	x := New(pass.Pkg, pass.TypesInfo, pass.Files, pass.ImportObjectFact)
	for fn := range x.decls {
		if !fn.Exported() {
			continue
		}
		if u := x.Of(fn); u != nil {
			pass.ExportObjectFact(fn, u)
		}
		if ps := x.txCallbacks(fn); len(ps) > 0 {
			pass.ExportObjectFact(fn, &TxCallback{Params: ps})
		}
		if x.Commits(fn) {
			pass.ExportObjectFact(fn, new(Commits))
		}
	}
	return x, nil
}

// Index answers which Appenders a function flushes or appends to: for the
// package's own functions from their bodies, for imported ones from their
// Use facts.
//
// Several analyzers read one Index at once (pagewalk's walks analyzers, and
// appendertx's check in the suite and alone in one driver): mu guards the
// memo and the summaries under way, and every exported method that may
// fill them holds it.
type Index struct {
	pkg    *types.Package
	info   *types.Info
	decls  map[*types.Func]*ast.FuncDecl
	fact   func(types.Object, analysis.Fact) bool
	mu     sync.Mutex
	memo   map[*types.Func]*Use
	active map[*types.Func]bool
}

// New returns the Index of a package; fact imports a Use fact of another
// package's function (pass.ImportObjectFact), nil when facts are not
// available.
func New(pkg *types.Package, info *types.Info, files []*ast.File, fact func(types.Object, analysis.Fact) bool) *Index {
	x := &Index{pkg: pkg, info: info, decls: make(map[*types.Func]*ast.FuncDecl), fact: fact, memo: make(map[*types.Func]*Use), active: make(map[*types.Func]bool)}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					x.decls[fn] = fd
				}
			}
		}
	}
	return x
}

// Decl returns the declaration of a function of the package, or nil.
func (x *Index) Decl(fn *types.Func) *ast.FuncDecl {
	if x == nil || fn == nil {
		return nil
	}
	return x.decls[fn.Origin()]
}

// Of returns what fn does with the Appenders it is given, or nil when it
// neither flushes nor appends to one.
func (x *Index) Of(fn *types.Func) *Use {
	if x == nil || fn == nil {
		return nil
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.of(fn)
}

func (x *Index) of(fn *types.Func) *Use {
	fn = fn.Origin()
	if u, ok := x.memo[fn]; ok {
		return u
	}
	if fn.Pkg() != x.pkg {
		var u *Use
		if f := new(Use); fn.Pkg() != nil && x.fact != nil && x.fact(fn, f) {
			u = f
		}
		x.memo[fn] = u
		return u
	}
	decl := x.decls[fn]
	if decl == nil || x.active[fn] {
		return nil // no body, or a recursive call being summarised
	}
	x.active[fn] = true
	params := paramIndices(x.info, decl)
	var u *Use
	if len(params) > 0 {
		s := x.summarize(decl.Body)
		u = new(Use)
		add := func(dst *[]int, v *types.Var) {
			if i, ok := params[v]; ok && !slices.Contains(*dst, i) {
				*dst = append(*dst, i)
			}
		}
		for _, v := range s.Flushed {
			add(&u.Flushes, v)
		}
		for _, v := range s.Appended {
			if !slices.Contains(s.Flushed, v) && !slices.Contains(s.AppendedInLoop, v) {
				add(&u.Appends, v)
			}
		}
		if len(u.Flushes) == 0 && len(u.Appends) == 0 {
			u = nil
		}
	}
	delete(x.active, fn)
	x.memo[fn] = u
	return u
}

// A Summary lists the variables whose Appender a body flushes or closes
// and appends to: the variables the Appender expressions start from (app
// in app.Flush(), l in l.app.AppendRow(...), the argument of a helper
// that flushes its parameter). Appended are the appends outside any loop
// of the body, AppendedInLoop those inside one.
type Summary struct {
	Flushed, Appended, AppendedInLoop []*types.Var
	// FlushExprs are the Appender expressions flushed, as written in the
	// body (app, l.app), in the order of Flushed.
	FlushExprs []ast.Expr
}

// Summarize returns what body (a function's, or a function literal's)
// does to Appenders, helpers' calls included.
func (x *Index) Summarize(body ast.Node) Summary {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.summarize(body)
}

func (x *Index) summarize(body ast.Node) Summary {
	var s Summary
	var loops []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, n)
		}
		return true
	})
	inLoop := func(n ast.Node) bool {
		return slices.ContainsFunc(loops, func(l ast.Node) bool { return l.Pos() <= n.Pos() && n.End() <= l.End() })
	}
	alias := x.elements(body)
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, t := range x.targets(call) {
			v := RootVar(x.info, t.Expr)
			for i := 0; i < flow.MaxDepth && alias[v] != nil; i++ {
				v = RootVar(x.info, alias[v])
			}
			if v == nil {
				continue
			}
			switch {
			case t.Flush:
				s.Flushed = append(s.Flushed, v)
				s.FlushExprs = append(s.FlushExprs, t.Expr)
			case inLoop(call):
				s.AppendedInLoop = append(s.AppendedInLoop, v)
			default:
				s.Appended = append(s.Appended, v)
			}
		}
		return true
	})
	return s
}

// elements maps the variables of body that hold one element of a map or
// slice of Appenders to that map or slice: a := apps[name] (also with
// ", ok"), for _, a := range apps. A helper that flushes each Appender of
// a map it is given flushes the map (FlushAll(apps, names)).
func (x *Index) elements(body ast.Node) map[*types.Var]ast.Expr {
	out := make(map[*types.Var]ast.Expr)
	def := func(id ast.Expr, src ast.Expr) {
		if id, ok := id.(*ast.Ident); ok {
			if v, ok := x.info.Defs[id].(*types.Var); ok && IsAppender(v.Type()) {
				out[v] = src
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Rhs) == 1 && len(n.Lhs) <= 2 {
				if ix, ok := ast.Unparen(n.Rhs[0]).(*ast.IndexExpr); ok {
					def(n.Lhs[0], ix.X)
				}
			}
		case *ast.RangeStmt:
			if n.Value != nil && n.Tok == token.DEFINE {
				def(n.Value, n.X)
			}
		}
		return true
	})
	return out
}

// A Target is an Appender a call flushes (or closes) or appends one row
// to, as an expression of the caller.
type Target struct {
	Expr  ast.Expr
	Flush bool
	// Via is the helper called, nil for the Appender's own method.
	Via *types.Func
}

// Targets returns the Appenders call flushes, closes or appends to: the
// receiver of an Appender's Flush, Close or AppendRow, or the arguments
// (or receiver) a helper's Use names.
func (x *Index) Targets(call *ast.CallExpr) []Target {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.targets(call)
}

func (x *Index) targets(call *ast.CallExpr) []Target {
	fn := code.Callee(x.info, call)
	if fn == nil {
		return nil
	}
	switch Method(x.info, call) {
	case "Flush", "Close":
		return []Target{{Expr: recvOf(call), Flush: true}}
	case "AppendRow":
		return []Target{{Expr: recvOf(call)}}
	case "":
	default:
		return nil
	}
	u := x.of(fn)
	if u == nil {
		return nil
	}
	var out []Target
	for _, i := range u.Flushes {
		if e := argOf(call, fn, i); e != nil {
			out = append(out, Target{Expr: e, Flush: true, Via: fn})
		}
	}
	for _, i := range u.Appends {
		if e := argOf(call, fn, i); e != nil {
			out = append(out, Target{Expr: e, Via: fn})
		}
	}
	return out
}

// Method returns the name of the DuckDB Appender method call calls, or
// "" when it calls something else.
func Method(info *types.Info, call *ast.CallExpr) string {
	fn := code.Callee(info, call)
	if fn == nil {
		return ""
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return ""
	}
	if IsAppender(recv.Type()) {
		return fn.Name()
	}
	return ""
}

// IsAppender reports whether t is a DuckDB driver's Appender or a pointer
// to one.
func IsAppender(t types.Type) bool {
	path, name, ok := code.NamedType(t)
	return ok && name == "Appender" && scope.IsDriverPath(path)
}

// argOf returns the expression call passes for fn's parameter i (Recv:
// the receiver), or nil.
func argOf(call *ast.CallExpr, fn *types.Func, i int) ast.Expr {
	if i == Recv {
		if fn.Signature().Recv() == nil {
			return nil
		}
		return recvOf(call)
	}
	if call.Ellipsis.IsValid() || i >= len(call.Args) || fn.Signature().Variadic() && i >= fn.Signature().Params().Len()-1 {
		return nil
	}
	return call.Args[i]
}

// recvOf returns x in x.Method(...), or nil.
func recvOf(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

// RootVar returns the variable e starts from: app, l in l.app, *p, &v,
// apps in apps["spans"].
func RootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			return v
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[x]; !ok || sel.Kind() != types.FieldVal {
				v, _ := info.Uses[x.Sel].(*types.Var) // pkg.App
				return v
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X // apps["spans"]: one of a map's Appenders
		case *ast.UnaryExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// paramIndices maps the receiver and parameters of decl to their Use
// indices.
func paramIndices(info *types.Info, decl *ast.FuncDecl) map[*types.Var]int {
	out := make(map[*types.Var]int)
	if decl.Recv != nil {
		for _, f := range decl.Recv.List {
			for _, n := range f.Names {
				if v, ok := info.Defs[n].(*types.Var); ok {
					out[v] = Recv
				}
			}
		}
	}
	i := 0
	for _, f := range decl.Type.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if v, ok := info.Defs[n].(*types.Var); ok {
				out[v] = i
			}
			i++
		}
	}
	return out
}
