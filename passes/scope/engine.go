package scope

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/passes/internal/flow"
)

// unknown is the engine of a handle whose origin the tracker cannot see.
const unknown = "?"

// engines finds which engine each database handle of a package comes
// from, by following its value through assignments, struct fields
// (keyed and positional literals), the package's own functions' returns,
// the parameters of functions whose every call is in the package, and
// the Engine facts of other packages' functions.
type engines struct {
	pass *analysis.Pass
	flow *flow.Index

	objs  map[types.Object]string // memo: "" while resolving
	funcs map[*types.Func]string  // memo: "" while resolving

	decls      map[*types.Func]*ast.FuncDecl
	asValue    map[*types.Func]bool      // used other than by a static call
	positional map[*types.Var][]ast.Expr // T{a, b}: field values without keys
	other      *string                   // another engine the package talks to
}

func newEngines(pass *analysis.Pass, idx *flow.Index) *engines {
	e := &engines{
		pass:       pass,
		flow:       idx,
		objs:       make(map[types.Object]string),
		funcs:      make(map[*types.Func]string),
		decls:      make(map[*types.Func]*ast.FuncDecl),
		asValue:    make(map[*types.Func]bool),
		positional: make(map[*types.Var][]ast.Expr),
	}
	called := make(map[*ast.Ident]bool)
	for _, calls := range idx.Calls {
		for _, c := range calls {
			if id := funcIdent(c.Fun); id != nil {
				called[id] = true
			}
		}
	}
	for id, obj := range idx.Info.Uses {
		if fn, ok := obj.(*types.Func); ok && !called[id] {
			e.asValue[fn.Origin()] = true
		}
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if fn, ok := idx.Info.Defs[n.Name].(*types.Func); ok {
					e.decls[fn] = n
				}
			case *ast.CompositeLit:
				e.indexPositional(n)
			}
			return true
		})
	}
	return e
}

// funcIdent returns the identifier a call's function expression names:
// f, pkg.F, x.M, f[T].
func funcIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return funcIdent(f.X)
	case *ast.IndexListExpr:
		return funcIdent(f.X)
	}
	return nil
}

// indexPositional records the values of handle fields in a struct
// literal without keys: migrator{pg, duck}. The value index keeps keyed
// literals only.
func (e *engines) indexPositional(lit *ast.CompositeLit) {
	if len(lit.Elts) == 0 {
		return
	}
	if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
		return
	}
	st, ok := flow.Underlying(e.flow.Info, lit).(*types.Struct)
	if !ok || st.NumFields() != len(lit.Elts) {
		return
	}
	for i, v := range lit.Elts {
		if f := st.Field(i); isHandle(f.Type()) {
			f = f.Origin()
			e.positional[f] = append(e.positional[f], v)
		}
	}
}

// join folds the engines of every value a handle may hold: one engine
// when they agree, unknown otherwise. acc is "" before the first.
func join(acc, e string) string {
	if acc == "" || acc == e {
		return e
	}
	return unknown
}

// ofExpr returns the engine of the handle expression x, or unknown.
func (e *engines) ofExpr(x ast.Expr, depth int) string {
	if depth > flow.MaxDepth {
		return unknown
	}
	x = ast.Unparen(x)
	switch x := x.(type) {
	case *ast.CallExpr:
		return e.ofCall(x, 0, depth+1)
	case *ast.StarExpr:
		return e.ofExpr(x.X, depth+1)
	case *ast.UnaryExpr:
		return e.ofExpr(x.X, depth+1) // &sqlx.DB{...} is rare; &x shares x's engine
	case *ast.SelectorExpr:
		// x.DB, where x is an *sqlx.DB: the embedded *sql.DB is x's.
		if sel, ok := e.flow.Info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			if f, ok := sel.Obj().(*types.Var); ok && f.Embedded() && isHandle(f.Type()) && isHandle(e.flow.Info.TypeOf(x.X)) {
				return e.ofExpr(x.X, depth+1)
			}
		}
	}
	obj := e.flow.ObjectOf(x)
	if obj == nil {
		return unknown
	}
	return e.ofObject(obj, depth+1)
}

// ofObject returns the engine of every value a variable, field or
// parameter holds.
func (e *engines) ofObject(obj types.Object, depth int) string {
	if name, ok := e.objs[obj]; ok {
		if name == "" {
			return unknown // a cycle: db = other; other = db
		}
		return name
	}
	e.objs[obj] = ""
	name := e.resolveObject(obj, depth)
	e.objs[obj] = name
	return name
}

func (e *engines) resolveObject(obj types.Object, depth int) string {
	v, ok := obj.(*types.Var)
	if !ok || e.flow.Escaped[obj] {
		return unknown
	}
	if p, ok := e.flow.Params[v]; ok {
		return e.ofParam(p, depth)
	}
	if v.Pkg() != e.pass.Pkg {
		// store.PG, a package variable with an Engine fact; a field of
		// another package's type is set by code this package does not see.
		var fact Engine
		if !v.IsField() && e.pass.ImportObjectFact(v, &fact) {
			return fact.Name
		}
		return unknown
	}
	acc := ""
	for _, w := range e.flow.Writes[obj] {
		switch {
		case w.Value == nil:
			acc = unknown
		case w.Tuple:
			call, ok := ast.Unparen(w.Value).(*ast.CallExpr)
			if !ok {
				acc = unknown
				break
			}
			acc = join(acc, e.ofCall(call, w.Index, depth+1))
		default:
			acc = join(acc, e.ofExpr(w.Value, depth+1))
		}
		if acc == unknown {
			return unknown
		}
	}
	for _, x := range e.positional[v] {
		if acc = join(acc, e.ofExpr(x, depth+1)); acc == unknown {
			return unknown
		}
	}
	if acc == "" {
		return unknown // never written here: a parameter of a closure, a field set elsewhere
	}
	return acc
}

// ofParam returns the engine every call of the parameter's function
// passes it: all callers are in the package, and agree. A function used
// as a value, a closure or a variadic parameter gives unknown.
func (e *engines) ofParam(p flow.Param, depth int) string {
	if p.Func == nil || p.Variadic || e.asValue[p.Func] {
		return unknown
	}
	acc := ""
	for _, call := range e.flow.Calls[p.Func] {
		if call.Ellipsis.IsValid() || len(call.Args) != p.Func.Signature().Params().Len() {
			return unknown // f(g()) or f(xs...)
		}
		if acc = join(acc, e.ofExpr(call.Args[p.Index], depth+1)); acc == unknown {
			return unknown
		}
	}
	if acc == "" {
		return unknown // no caller here: an exported entry point
	}
	return acc
}

// ofCall returns the engine of result number index of call.
func (e *engines) ofCall(call *ast.CallExpr, index, depth int) string {
	if depth > flow.MaxDepth {
		return unknown
	}
	info := e.flow.Info
	fn := flow.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || handleResult(fn) != index {
		return unknown
	}
	if name := opened(info, call, fn); name != "" {
		if name == unknown {
			return unknown
		}
		return nameEngine(name)
	}
	if fn.Pkg().Path() == sqlxPath && fn.Name() == "NewDb" && len(call.Args) == 2 {
		// sqlx.NewDb(db, "postgres"): the name given, else db's engine.
		if name := constString(info, call.Args[1]); name != "" {
			return nameEngine(name)
		}
		return e.ofExpr(call.Args[0], depth+1)
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sameEngineMethods[fn.Name()] {
		if recv := fn.Signature().Recv(); recv != nil && isHandle(recv.Type()) {
			return e.ofExpr(sel.X, depth+1)
		}
	}
	if fn.Pkg() == e.pass.Pkg {
		return e.ofFunc(fn, depth+1)
	}
	var fact Engine
	if e.pass.ImportObjectFact(fn, &fact) {
		return fact.Name
	}
	if eng := pathEngine(fn.Pkg().Path()); eng != "" {
		return eng // pgx's stdlib.OpenDB, a driver's own constructor
	}
	return unknown
}

// ofFunc returns the engine of the handle every return of fn, a function
// of this package, gives back.
func (e *engines) ofFunc(fn *types.Func, depth int) string {
	if name, ok := e.funcs[fn]; ok {
		if name == "" {
			return unknown // recursion
		}
		return name
	}
	e.funcs[fn] = ""
	name := e.resolveFunc(fn, depth)
	e.funcs[fn] = name
	return name
}

func (e *engines) resolveFunc(fn *types.Func, depth int) string {
	decl := e.decls[fn]
	hi := handleResult(fn)
	if decl == nil || decl.Body == nil || hi < 0 {
		return unknown
	}
	results := fn.Signature().Results()
	acc := ""
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if acc == unknown {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			switch len(n.Results) {
			case 0: // a bare return of named results
				acc = join(acc, e.ofObject(results.At(hi), depth+1))
			case results.Len():
				if isNil(e.flow.Info, n.Results[hi]) {
					return false // return nil, err: no handle
				}
				acc = join(acc, e.ofExpr(n.Results[hi], depth+1))
			case 1: // return open(...), returning every result of a call
				if call, ok := ast.Unparen(n.Results[0]).(*ast.CallExpr); ok {
					acc = join(acc, e.ofCall(call, hi, depth+1))
				} else {
					acc = unknown
				}
			default:
				acc = unknown
			}
		}
		return true
	})
	if acc == "" {
		return unknown
	}
	return acc
}

func isNil(info *types.Info, x ast.Expr) bool {
	tv, ok := info.Types[x]
	return ok && tv.IsNil()
}

// otherEngine returns an engine other than DuckDB that the package
// talks to, or "": it imports that engine's driver, or opens or obtains
// a handle that provably belongs to it.
func (e *engines) otherEngine() string {
	if e.other != nil {
		return *e.other
	}
	other := ""
	for _, imp := range e.pass.Pkg.Imports() {
		if eng := pathEngine(imp.Path()); eng != "" && eng != DuckDB {
			other = eng
			break
		}
	}
	for fn, calls := range e.flow.Calls {
		if other != "" {
			break
		}
		hi := handleResult(fn)
		if hi < 0 {
			continue
		}
		for _, call := range calls {
			if eng := e.ofCall(call, hi, 0); eng != unknown && eng != DuckDB {
				other = eng
				break
			}
		}
	}
	e.other = &other
	return other
}

// exportFacts records an Engine fact on each exported function and
// method of the package whose handle result has one known engine, and on
// each exported package variable that holds a handle of one engine.
func (e *engines) exportFacts(objs []types.Object) {
	for _, obj := range objs {
		eng := unknown
		switch obj := obj.(type) {
		case *types.Func:
			eng = e.ofFunc(obj, 0)
		case *types.Var:
			eng = e.ofObject(obj, 0)
		}
		if eng != unknown {
			e.pass.ExportObjectFact(obj, &Engine{Name: eng})
		}
	}
}

// handleObjects returns the exported functions and methods of pkg that
// return a database handle, and its exported handle variables: the ones
// an Engine fact can describe. Most packages have none, and then no
// value index is built for facts.
func handleObjects(pkg *types.Package) []types.Object {
	var objs []types.Object
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			if obj.Exported() && handleResult(obj) >= 0 {
				objs = append(objs, obj)
			}
		case *types.Var:
			if obj.Exported() && isHandle(obj.Type()) {
				objs = append(objs, obj)
			}
		case *types.TypeName:
			named, ok := types.Unalias(obj.Type()).(*types.Named)
			if !ok || obj.IsAlias() {
				continue
			}
			for m := range named.Methods() {
				if m.Exported() && handleResult(m) >= 0 {
					objs = append(objs, m)
				}
			}
		}
	}
	return objs
}

// opened returns the driver name a call opens a handle with: the name
// given to sql.Open or sqlx's Open/Connect family, "duckdb" for
// sql.OpenDB over a DuckDB connector, the connector's engine for another
// driver's, unknown when the name is not a constant, and "" when call
// opens nothing.
func opened(info *types.Info, call *ast.CallExpr, fn *types.Func) string {
	path := fn.Pkg().Path()
	nameArg := -1
	switch {
	case path == "database/sql" && fn.Name() == "Open":
		nameArg = 0
	case path == sqlxPath:
		switch fn.Name() {
		case "Open", "Connect", "MustOpen", "MustConnect":
			nameArg = 0
		case "ConnectContext":
			nameArg = 1
		}
	case path == "database/sql" && fn.Name() == "OpenDB" && len(call.Args) == 1:
		if t := info.TypeOf(call.Args[0]); t != nil {
			if p, _, ok := flow.NamedType(t); ok {
				if eng := pathEngine(p); eng != "" {
					return eng
				}
			}
		}
		return unknown
	}
	if nameArg < 0 || nameArg >= len(call.Args) {
		return ""
	}
	if name := constString(info, call.Args[nameArg]); name != "" {
		return name
	}
	return unknown
}

func constString(info *types.Info, x ast.Expr) string {
	if tv, ok := info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	return ""
}
