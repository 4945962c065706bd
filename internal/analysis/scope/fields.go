package scope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
)

// Evidence turns each kind of evidence that judges a handle of unknown
// origin DuckDB's, beyond its own open, on or off. Every kind is on; only
// the measurement of what each one carries and costs turns one off
// (package analyzer's TestEvidence and BenchmarkEvidence; the figures
// are in docs/measurements.md).
var Evidence = struct {
	// Callers: a caller in another package passes the exported
	// function a DuckDB handle (package pagewalk's Walks facts).
	Callers bool
	// SQL: the query is one only DuckDB runs (sqltext.DuckDBOnly).
	SQL bool
	// Fields: the handle is read from a struct field that every
	// assignment sets to one engine's handle (here, or by an Engine
	// fact of the field's package).
	Fields bool
}{Callers: true, SQL: true, Fields: true}

// Why says how the handle expression x was judged DuckDB's when a struct
// field decided it, in a package that also talks to another engine
// (where an unknown handle is not reported): "DuckDB judged from the
// field Store.db, which this package sets only to DuckDB handles". It
// returns "" for a handle judged without any struct field (its own open,
// a function's return, its callers' arguments), for a handle not judged
// DuckDB's, and in a package that talks to DuckDB only.
func (r *Result) Why(x ast.Expr) string {
	if r == nil || r.engines == nil {
		return ""
	}
	e := r.engines
	defer e.lock()()
	if e.otherEngine() == "" || e.ofExpr(x, 0) != DuckDB {
		return ""
	}
	// Judged again with every struct field unknown: still DuckDB's, no
	// field decided it.
	if e.plain == nil {
		e.plain = newEngines(e.pass, e.flow)
		e.plain.noFields = true
	}
	if e.plain.ofExpr(x, 0) == DuckDB {
		return ""
	}
	switch f := e.fieldOf(x, 0); {
	case f == nil:
		// Through an interface's implementations, a transaction
		// helper's callback, or another package's field.
		return "DuckDB judged from the fields its handle is read from, each set only to DuckDB handles"
	case f.Pkg() != e.pass.Pkg:
		return "DuckDB judged from the field " + f.Pkg().Name() + "." + fieldName(f) + ", which its package sets only to DuckDB handles"
	default:
		return "DuckDB judged from the field " + fieldName(f) + ", which this package sets only to DuckDB handles"
	}
}

// fieldOf returns the struct field that the handle x is read from,
// through local variables every write of which reads that field, the
// parameters of functions every call of which passes it, and Begin,
// BeginTx and Conn; nil when x comes from anywhere else on some path.
func (e *engines) fieldOf(x ast.Expr, depth int) *types.Var {
	if depth > flow.MaxDepth {
		return nil
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		fn := code.Callee(e.flow.Info, x)
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if fn == nil || !ok || !sameEngineMethods[fn.Name()] {
			return nil
		}
		if recv := fn.Signature().Recv(); recv == nil || !isHandle(recv.Type()) {
			return nil
		}
		return e.fieldOf(sel.X, depth+1)
	case *ast.StarExpr:
		return e.fieldOf(x.X, depth+1)
	case *ast.UnaryExpr:
		return e.fieldOf(x.X, depth+1)
	}
	v, ok := e.flow.ObjectOf(x).(*types.Var)
	if !ok || e.flow.Escaped[v] {
		return nil
	}
	if v.IsField() {
		if v.Embedded() {
			return nil // x.DB of an *sqlx.DB: the handle's, not a field's
		}
		return v
	}
	if v.Pkg() != e.pass.Pkg {
		return nil
	}
	var field *types.Var
	same := func(f *types.Var) bool {
		if f == nil || field != nil && f != field {
			return false
		}
		field = f
		return true
	}
	if p, isParam := e.flow.Params[v]; isParam {
		if p.Func == nil || p.Variadic || e.asValue[p.Func] {
			return nil
		}
		for _, call := range e.flow.Calls[p.Func] {
			if call.Ellipsis.IsValid() || p.Index >= len(call.Args) || !same(e.fieldOf(call.Args[p.Index], depth+1)) {
				return nil
			}
		}
		return field
	}
	for _, w := range e.flow.Writes[v] {
		if w.Value == nil || !same(e.fieldOf(w.Value, depth+1)) {
			return nil
		}
	}
	return field
}

// fieldName names a field by its struct type, Store.db, when the type is
// named; by the field alone otherwise.
func fieldName(f *types.Var) string {
	scope := f.Pkg().Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for g := range st.Fields() {
				if g == f {
					return tn.Name() + "." + f.Name()
				}
			}
		}
	}
	return f.Name()
}

// CtorParam returns, for the handle x that the method decl reads from an
// unexported field of its receiver (s.db in func (s *Store) Export, or a
// transaction begun on it), the exported function of the package that
// alone sets the field, and which of its parameters it sets it from:
// "New", 0 when New(db *sql.DB) returns &Store{db: db} and nothing else
// writes Store.db. A caller in another package that gets its Store from
// New knows the engine this package cannot see. "", -1 otherwise.
func (r *Result) CtorParam(decl *ast.FuncDecl, x ast.Expr) (string, int) {
	if r == nil || r.engines == nil || decl.Recv == nil || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 {
		return "", -1
	}
	e := r.engines
	defer e.lock()()
	recv, ok := e.flow.Info.Defs[decl.Recv.List[0].Names[0]].(*types.Var)
	if !ok {
		return "", -1
	}
	f := e.recvField(recv, x, 0)
	if f == nil || f.Exported() || f.Embedded() || e.flow.Escaped[f] {
		return "", -1
	}
	values := slices.Clone(e.positional[f])
	for _, w := range e.flow.Writes[f] {
		if w.Value == nil || w.Tuple {
			return "", -1
		}
		values = append(values, w.Value)
	}
	var ctor *types.Func
	index := -1
	for _, v := range values {
		id, ok := ast.Unparen(v).(*ast.Ident)
		if !ok {
			return "", -1
		}
		pv, ok := e.flow.Info.Uses[id].(*types.Var)
		if !ok || e.flow.Escaped[pv] || len(e.flow.Writes[pv]) > 0 {
			return "", -1 // not a parameter, or one written over
		}
		p, ok := e.flow.Params[pv]
		if !ok || p.Func == nil || p.Variadic || !p.Func.Exported() || p.Func.Signature().Recv() != nil || ctor != nil && (p.Func != ctor || p.Index != index) {
			return "", -1
		}
		ctor, index = p.Func, p.Index
	}
	if ctor == nil {
		return "", -1
	}
	return ctor.Name(), index
}

// recvField returns the field of recv that x reads, through Begin,
// BeginTx and Conn and local variables written once, or nil.
func (e *engines) recvField(recv *types.Var, x ast.Expr, depth int) *types.Var {
	if depth > flow.MaxDepth {
		return nil
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		fn := code.Callee(e.flow.Info, x)
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if fn == nil || !ok || !sameEngineMethods[fn.Name()] {
			return nil
		}
		if r := fn.Signature().Recv(); r == nil || !isHandle(r.Type()) {
			return nil
		}
		return e.recvField(recv, sel.X, depth+1)
	case *ast.SelectorExpr:
		sel, ok := e.flow.Info.Selections[x]
		if !ok || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
			return nil
		}
		if id, ok := ast.Unparen(x.X).(*ast.Ident); !ok || e.flow.Info.Uses[id] != recv || len(e.flow.Writes[recv]) > 0 {
			return nil
		}
		f, _ := sel.Obj().(*types.Var)
		return f
	case *ast.Ident:
		v, ok := e.flow.Info.Uses[x].(*types.Var)
		if !ok || v.IsField() || e.flow.Escaped[v] || len(e.flow.Writes[v]) != 1 {
			return nil
		}
		if w := e.flow.Writes[v][0]; w.Value != nil {
			return e.recvField(recv, w.Value, depth+1)
		}
	}
	return nil
}
