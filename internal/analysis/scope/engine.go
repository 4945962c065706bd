package scope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/handle"
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
	// mu guards the memos below: every Result method holds it.
	mu sync.Mutex
	// noFields judges with every struct field unknown; plain is such an
	// index beside this one, built when a field may have decided a
	// judgement (Result.Why).
	noFields bool
	plain    *engines

	objs  map[types.Object]string // memo: "" while resolving
	funcs map[*types.Func]string  // memo: "" while resolving

	decls      map[*types.Func]*ast.FuncDecl
	asValue    map[*types.Func]bool      // used other than by a static call
	positional map[*types.Var][]ast.Expr // T{a, b}: field values without keys
	other      *string                   // another engine the package talks to

	// Closures: how each function literal with a handle parameter is
	// reached, to find the handles its calls pass.
	litParams map[*types.Var]*ast.FuncLit    // a closure's parameter
	litVar    map[*ast.FuncLit]*types.Var    // f := func(db *sql.DB) {...}
	litArg    map[*ast.FuncLit]litArg        // inTx(db, func(tx *sql.Tx) error {...})
	litCalled map[*ast.FuncLit]*ast.CallExpr // func(db *sql.DB) {...}(duck)
	varCalls  map[*types.Var][]*ast.CallExpr // f(duck), where f is a variable or parameter
	varUses   map[*types.Var]int             // every use of such a variable

	// bind, while set, gives the parameters of one function the
	// arguments of one of its calls: the handle a transaction helper
	// gives its callback depends on the handle that call passes.
	bind *binding
}

// litArg places a function literal among the arguments of a call.
type litArg struct {
	call  *ast.CallExpr
	index int
}

// binding maps the parameters of decl to the arguments of one call, or,
// for facts, to their own positions (from).
type binding struct {
	decl *ast.FuncDecl
	args map[*types.Var]ast.Expr
	from map[*types.Var]int
}

// lock locks e for one question and returns its unlock.
func (e *engines) lock() func() {
	e.mu.Lock()
	return e.mu.Unlock
}

// local reports whether obj is declared in the bound function: its
// value may depend on the binding.
func (b *binding) local(obj types.Object) bool {
	return b.decl.Pos() <= obj.Pos() && obj.Pos() < b.decl.End()
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
		litParams:  make(map[*types.Var]*ast.FuncLit),
		litVar:     make(map[*ast.FuncLit]*types.Var),
		litArg:     make(map[*ast.FuncLit]litArg),
		litCalled:  make(map[*ast.FuncLit]*ast.CallExpr),
		varCalls:   make(map[*types.Var][]*ast.CallExpr),
		varUses:    make(map[*types.Var]int),
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
		switch obj := obj.(type) {
		case *types.Func:
			if !called[id] {
				e.asValue[obj.Origin()] = true
			}
		case *types.Var:
			if _, isFunc := obj.Type().Underlying().(*types.Signature); isFunc {
				e.varUses[obj]++
			}
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
			case *ast.FuncLit:
				e.indexLit(n)
			case *ast.CallExpr:
				e.indexCall(n)
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					e.indexLitVars(n.Lhs, n.Rhs)
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					lhs := make([]ast.Expr, len(n.Names))
					for i, id := range n.Names {
						lhs[i] = id
					}
					e.indexLitVars(lhs, n.Values)
				}
			}
			return true
		})
	}
	return e
}

// indexLit records the handle parameters of a function literal.
func (e *engines) indexLit(lit *ast.FuncLit) {
	sig, ok := e.flow.Info.TypeOf(lit).(*types.Signature)
	if !ok {
		return
	}
	for v := range sig.Params().Variables() {
		if isHandle(v.Type()) {
			e.litParams[v] = lit
		}
	}
}

// indexCall records the calls of function values (f(duck)) and the
// function literals a call is given or calls.
func (e *engines) indexCall(call *ast.CallExpr) {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if v, ok := e.flow.Info.Uses[fun].(*types.Var); ok {
			e.varCalls[v] = append(e.varCalls[v], call)
		}
	case *ast.FuncLit:
		e.litCalled[fun] = call
	}
	for i, a := range call.Args {
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
			e.litArg[lit] = litArg{call, i}
		}
	}
}

// indexLitVars records the variables function literals are assigned to.
func (e *engines) indexLitVars(lhs, rhs []ast.Expr) {
	for i, r := range rhs {
		lit, ok := ast.Unparen(r).(*ast.FuncLit)
		if !ok {
			continue
		}
		if v, ok := e.flow.ObjectOf(lhs[i]).(*types.Var); ok && !v.IsField() {
			e.litVar[lit] = v
		}
	}
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
	st, ok := code.Underlying(e.flow.Info, lit).(*types.Struct)
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
	if b := e.bind; b != nil {
		if !b.local(obj) {
			// Outside the bound function, values do not depend on the
			// call: resolve (and remember) them unbound.
			e.bind = nil
			defer func() { e.bind = b }()
		} else if v, ok := obj.(*types.Var); ok {
			if arg, ok := b.args[v]; ok {
				e.bind = nil
				defer func() { e.bind = b }()
				return e.ofExpr(arg, depth+1)
			}
			if j, ok := b.from[v]; ok {
				return paramPrefix + strconv.Itoa(j)
			}
			return e.resolveObject(obj, depth) // not remembered: it depends on the call
		}
	}
	if name, ok := e.objs[obj]; ok {
		if name == "" {
			return unknown // a cycle: db = other; other = db
		}
		return name
	}
	e.objs[obj] = ""
	// Depth counts from each remembered object: its engine must not
	// depend on how deep the first question about it came from (a
	// callback's handle is asked about through the helper's body), and
	// the "" mark above ends every cycle.
	name := e.resolveObject(obj, 0)
	e.objs[obj] = name
	return name
}

func (e *engines) resolveObject(obj types.Object, depth int) string {
	v, ok := obj.(*types.Var)
	if !ok || e.flow.Escaped[obj] {
		return unknown
	}
	if lit, ok := e.litParams[v]; ok {
		return e.ofLitParam(lit, v, depth)
	}
	if p, ok := e.flow.Params[v]; ok {
		return e.ofParam(p, depth)
	}
	if v.IsField() && (!Evidence.Fields || e.noFields) {
		return unknown
	}
	acc := ""
	if v.Pkg() != e.pass.Pkg {
		// store.Sessions, a package variable, or app.Stores.PG, a field
		// of another package's type, with an Engine fact: its package
		// sets it to one engine. Without a fact, code this package does
		// not see sets it.
		var fact Engine
		if !e.pass.ImportObjectFact(v, &fact) {
			return unknown
		}
		if !v.IsField() {
			return fact.Name
		}
		acc = fact.Name // and whatever this package writes into it
	}
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

// ofLitParam returns the engine of the handle parameter v of the
// function literal lit, from the calls that can reach it: lit called
// where it is written, assigned to a variable that is only ever called,
// or passed to a function of this package that only ever calls it
// (a transaction helper: inTx(duck, func(tx *sql.Tx) error {...})).
// A literal that escapes any other way has an unknown parameter.
func (e *engines) ofLitParam(lit *ast.FuncLit, v *types.Var, depth int) string {
	sig, ok := e.flow.Info.TypeOf(lit).(*types.Signature)
	if !ok || sig.Variadic() {
		return unknown
	}
	index := -1
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == v {
			index = i
		}
	}
	if index < 0 {
		return unknown
	}
	if call, ok := e.litCalled[lit]; ok {
		return e.argEngine([]*ast.CallExpr{call}, index, sig.Params().Len(), depth)
	}
	if fv, ok := e.litVar[lit]; ok {
		// page := func(db *sql.DB) {...}; page(pg): only calls, one write.
		if e.flow.Escaped[fv] || len(e.flow.Writes[fv]) != 1 || e.varUses[fv] != len(e.varCalls[fv]) {
			return unknown
		}
		return e.argEngine(e.varCalls[fv], index, sig.Params().Len(), depth)
	}
	if a, ok := e.litArg[lit]; ok {
		return e.ofCallback(a, index, sig.Params().Len(), depth)
	}
	return unknown
}

// argEngine joins the engines of argument index of calls, each of which
// must pass n arguments one by one.
func (e *engines) argEngine(calls []*ast.CallExpr, index, n, depth int) string {
	acc := ""
	for _, call := range calls {
		if call.Ellipsis.IsValid() || len(call.Args) != n {
			return unknown
		}
		if acc = join(acc, e.ofExpr(call.Args[index], depth+1)); acc == unknown {
			return unknown
		}
	}
	if acc == "" {
		return unknown
	}
	return acc
}

// ofCallback returns the engine of parameter index (of n) of a function
// literal passed as argument a.index of a.call: the engine of what the
// called function's body passes its callback, with the function's
// parameters bound to this call's arguments. A function of another
// package says so in its Callbacks fact.
func (e *engines) ofCallback(a litArg, index, n, depth int) string {
	fn := code.Callee(e.flow.Info, a.call)
	if fn == nil || fn.Pkg() == nil || e.bind != nil {
		return unknown
	}
	params := fn.Signature().Params()
	if fn.Signature().Variadic() || len(a.call.Args) != params.Len() || a.call.Ellipsis.IsValid() {
		return unknown
	}
	if fn.Pkg() != e.pass.Pkg {
		var fact Callbacks
		if !e.pass.ImportObjectFact(fn, &fact) {
			return unknown
		}
		for _, c := range fact.Args {
			switch {
			case c.Param != a.index || c.Arg != index:
			case c.Engine != "":
				return c.Engine
			case c.From >= 0 && c.From < len(a.call.Args):
				return e.ofExpr(a.call.Args[c.From], depth+1)
			}
		}
		return unknown
	}
	b := &binding{args: make(map[*types.Var]ast.Expr, params.Len())}
	for i := range params.Len() {
		b.args[params.At(i)] = a.call.Args[i]
	}
	return e.callbackArg(fn, a.index, index, n, b, depth)
}

// callbackArg returns the engine of the handle argument index (of n)
// that fn, a function of this package, passes its function parameter
// cb, with fn's parameters bound by b.
func (e *engines) callbackArg(fn *types.Func, cb, index, n int, b *binding, depth int) string {
	decl := e.decls[fn]
	if decl == nil || decl.Body == nil {
		return unknown
	}
	v := fn.Signature().Params().At(cb)
	if e.varUses[v] != len(e.varCalls[v]) {
		return unknown // the callback is handed on
	}
	b.decl = decl
	e.bind = b
	defer func() { e.bind = nil }()
	return e.argEngine(e.varCalls[v], index, n, depth)
}

// callbackFacts returns what an exported function's body passes the
// handle parameters of its function parameters: one engine, or the
// handle the caller passes as one of its own parameters.
func (e *engines) callbackFacts(fn *types.Func) *Callbacks {
	params := fn.Signature().Params()
	var fact Callbacks
	for k := range params.Len() {
		sig, ok := params.At(k).Type().Underlying().(*types.Signature)
		if !ok || sig.Variadic() {
			continue
		}
		for i := range sig.Params().Len() {
			if !isHandle(sig.Params().At(i).Type()) {
				continue
			}
			// Each parameter stands for itself: the result names the
			// parameter a handle comes from, whatever a caller passes.
			b := &binding{args: make(map[*types.Var]ast.Expr), from: make(map[*types.Var]int)}
			for j := range params.Len() {
				b.from[params.At(j)] = j
			}
			eng := e.callbackArg(fn, k, i, sig.Params().Len(), b, 0)
			c := CallbackArg{Param: k, Arg: i, Engine: eng, From: -1}
			if j, ok := strings.CutPrefix(eng, paramPrefix); ok {
				c.Engine, c.From = "", atoi(j)
			}
			if eng != unknown && c.From != -2 {
				fact.Args = append(fact.Args, c)
			}
		}
	}
	if len(fact.Args) == 0 {
		return nil
	}
	return &fact
}

// paramPrefix marks, while callbackFacts runs, the engine of a handle
// that comes from the function's own parameter: "param 1".
const paramPrefix = "param "

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -2
	}
	return n
}

// ofIface returns the engine of the handle the interface method fn
// returns: the one engine of its implementations among this package's
// types, when the interface is this package's. A package whose only
// implementation opens DuckDB is tracked; two engines give unknown.
func (e *engines) ofIface(fn *types.Func, depth int) string {
	recv := fn.Signature().Recv()
	if recv == nil || fn.Pkg() != e.pass.Pkg {
		return unknown
	}
	iface, ok := recv.Type().Underlying().(*types.Interface)
	if !ok {
		return unknown
	}
	acc := ""
	scope := e.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if named, ok := tn.Type().(*types.Named); !ok || named.TypeParams().Len() > 0 {
			continue // a generic type's methods depend on its arguments
		}
		ptr := types.NewPointer(tn.Type())
		if !types.Implements(ptr, iface) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(ptr, false, e.pass.Pkg, fn.Name())
		m, ok := obj.(*types.Func)
		if !ok || m.Pkg() != e.pass.Pkg {
			return unknown // promoted from another package's type
		}
		if acc = join(acc, e.ofFunc(m, depth+1)); acc == unknown {
			return unknown
		}
	}
	if acc == "" {
		return unknown
	}
	return acc
}

// ofCall returns the engine of result number index of call.
func (e *engines) ofCall(call *ast.CallExpr, index, depth int) string {
	if depth > flow.MaxDepth {
		return unknown
	}
	info := e.flow.Info
	fn := code.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || handleResult(fn) != index {
		return unknown
	}
	if name := opened(info, call, fn); name != "" {
		if name == unknown {
			return unknown
		}
		return nameEngine(name)
	}
	if fn.Pkg().Path() == handle.SQLX && fn.Name() == "NewDb" && len(call.Args) == 2 {
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
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return e.ofFunc(fn, depth+1) // memoised with the package's functions
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
	if b := e.bind; b != nil {
		// A function's returns do not depend on the call being followed.
		e.bind = nil
		defer func() { e.bind = b }()
	}
	if name, ok := e.funcs[fn]; ok {
		if name == "" {
			return unknown // recursion
		}
		return name
	}
	e.funcs[fn] = ""
	name := e.resolveFunc(fn, 0) // depth counts from here, as in ofObject
	e.funcs[fn] = name
	return name
}

func (e *engines) resolveFunc(fn *types.Func, depth int) string {
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return e.ofIface(fn, depth)
	}
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
		// A package of the project (or a library) that imports another
		// engine's driver brings that engine here too: pgdyn.Open's
		// handle, engine unknown, may well be PostgreSQL.
		var f OpensOther
		if e.pass.ImportPackageFact(imp, &f) {
			other = f.Engine
			break
		}
	}
	if other == "" {
		other = e.factEngine()
	}
	if other == "" {
		// The first such call in the source, not the first in map order:
		// a package with handles of two other engines gets one answer
		// (TalksTo compares it) on every run.
		at := token.NoPos
		for fn, calls := range e.flow.Calls {
			hi := handleResult(fn)
			if hi < 0 {
				continue
			}
			for _, call := range calls {
				if at.IsValid() && call.Pos() >= at {
					continue
				}
				if eng := e.ofCall(call, hi, 0); eng != unknown && eng != DuckDB {
					other, at = eng, call.Pos()
				}
			}
		}
	}
	e.other = &other
	return other
}

// factEngine returns an engine other than DuckDB whose handles the
// package reads from another package's variables or struct fields
// (store.Sessions, app.Stores.PG), by their Engine facts, or "".
func (e *engines) factEngine() string {
	info := e.flow.Info
	check := func(v *types.Var) string {
		var fact Engine
		if v.Pkg() != nil && v.Pkg() != e.pass.Pkg && isHandle(v.Type()) && e.pass.ImportObjectFact(v, &fact) && fact.Name != DuckDB {
			return fact.Name
		}
		return ""
	}
	// The first use in the source, fields before variables: a package
	// that holds handles of two other engines gets one answer on every
	// run, not the one map order picked.
	eng, at := "", token.NoPos
	consider := func(n ast.Node, v *types.Var) {
		if at.IsValid() && n.Pos() >= at {
			return
		}
		if name := check(v); name != "" {
			eng, at = name, n.Pos()
		}
	}
	for x, sel := range info.Selections {
		if v, ok := sel.Obj().(*types.Var); ok && sel.Kind() == types.FieldVal {
			consider(x, v.Origin())
		}
	}
	if eng != "" {
		return eng
	}
	for id, obj := range info.Uses {
		if v, ok := obj.(*types.Var); ok && !v.IsField() {
			consider(id, v)
		}
	}
	return eng
}

// exportFacts records an Engine fact on each exported function and
// method of the package whose handle result has one known engine, and on
// each exported package variable or struct field that holds handles of
// one engine.
func (e *engines) exportFacts(objs []types.Object) {
	for _, obj := range objs {
		eng := unknown
		switch obj := obj.(type) {
		case *types.Func:
			if f := e.callbackFacts(obj); f != nil {
				e.pass.ExportObjectFact(obj, f)
			}
			if handleResult(obj) < 0 {
				continue
			}
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
// return a database handle or take a callback that gets one, its exported handle variables and the
// exported handle fields of its exported struct types: the ones
// an Engine fact can describe. Most packages have none, and then no
// value index is built for facts.
func handleObjects(pkg *types.Package) []types.Object {
	var objs []types.Object
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			if obj.Exported() && (handleResult(obj) >= 0 || takesCallback(obj)) {
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
				if m.Exported() && (handleResult(m) >= 0 || takesCallback(m)) {
					objs = append(objs, m)
				}
			}
			// Stores.PG, set by the package's own constructor.
			if st, ok := named.Underlying().(*types.Struct); ok && obj.Exported() {
				for f := range st.Fields() {
					if f.Exported() && isHandle(f.Type()) {
						objs = append(objs, f)
					}
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
	case path == handle.SQLX:
		switch fn.Name() {
		case "Open", "Connect", "MustOpen", "MustConnect":
			nameArg = 0
		case "ConnectContext":
			nameArg = 1
		}
	case path == "database/sql" && fn.Name() == "OpenDB" && len(call.Args) == 1:
		if t := info.TypeOf(call.Args[0]); t != nil {
			if p, _, ok := code.NamedType(t); ok {
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

// takesCallback reports whether fn has a function parameter that takes
// a database handle: func(tx *sql.Tx) error.
func takesCallback(fn *types.Func) bool {
	for p := range fn.Signature().Params().Variables() {
		if sig, ok := p.Type().Underlying().(*types.Signature); ok {
			for q := range sig.Params().Variables() {
				if isHandle(q.Type()) {
					return true
				}
			}
		}
	}
	return false
}

// paramOf returns the index of the parameter of decl that the handle x
// comes from on every path, or -1: x is resolved with decl's parameters
// standing for themselves, as for a Callbacks fact.
func (e *engines) paramOf(decl *ast.FuncDecl, x ast.Expr) int {
	fn, ok := e.flow.Info.Defs[decl.Name].(*types.Func)
	if !ok || e.bind != nil || decl.Body == nil {
		return -1
	}
	params := fn.Signature().Params()
	b := &binding{decl: decl, args: make(map[*types.Var]ast.Expr), from: make(map[*types.Var]int, params.Len())}
	for j := range params.Len() {
		b.from[params.At(j)] = j
	}
	e.bind = b
	defer func() { e.bind = nil }()
	if j, ok := strings.CutPrefix(e.ofExpr(x, 0), paramPrefix); ok {
		return atoi(j)
	}
	return -1
}
