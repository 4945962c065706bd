// Package flow indexes where the values of a package's variables, fields,
// constants and parameters come from, by syntax and types alone: no SSA,
// no facts. The rowalign passes use it to trace a page size back to the
// literal that wrote it.
//
// The rule is the one sqlrowserr follows: when a value may come from
// somewhere the index cannot see (its address is taken, it is assigned in
// a way the index does not model), callers get no answer rather than a
// guess.
package flow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/rowalign/rowalign/internal/analysis/code"
)

// MaxDepth bounds every chain of definitions the rowalign packages
// follow (assignments, constants, parameters, string concatenations):
// real code needs two or three steps; beyond eight the answer is
// "unknown".
const MaxDepth = 8

// A Write is one assignment to a variable or field.
type Write struct {
	// Node is the assignment, declaration, increment or range statement.
	Node ast.Node
	// Op is token.DEFINE, token.ASSIGN, an op-assign (token.ADD_ASSIGN,
	// ...), token.INC, token.DEC, or token.RANGE.
	Op token.Token
	// Value is the expression assigned, when the write assigns exactly one
	// known expression (x = e, x := e, var x = e, x += e), or, when Tuple
	// is set, the call whose result number Index is assigned (x, err :=
	// f()).
	Value ast.Expr
	Tuple bool
	Index int
}

// Index records the writes and uses the passes look up.
type Index struct {
	Info *types.Info
	// Writes lists every write to each variable and field.
	Writes map[types.Object][]Write
	// Escaped holds variables whose address is taken: writes through the
	// pointer are invisible, so their values are unknown. AddrTaken lists
	// where (rows.Scan(&last) writes last there).
	Escaped   map[types.Object]bool
	AddrTaken map[types.Object][]ast.Node
	// ConstValues maps a package-level or local constant to the expression
	// in its declaration (nil for an implicit repetition in a const group).
	ConstValues map[*types.Const]ast.Expr
	// Calls maps a function or method to the calls of it in the package,
	// generic instantiations included.
	Calls map[*types.Func][]*ast.CallExpr
	// VarCalls maps a variable of function type to the calls of it in the
	// package (fetch := func(off int) error {...}; fetch(off)).
	VarCalls map[*types.Var][]*ast.CallExpr
	// Params maps each parameter to its function and position.
	Params map[*types.Var]Param
}

// Param locates a parameter in its function's signature.
type Param struct {
	Func  *types.Func
	Index int
	// Variadic is set for the final ...T parameter.
	Variadic bool
}

// New indexes the files of a package.
func New(info *types.Info, files []*ast.File) *Index {
	x := &Index{
		Info:        info,
		Writes:      make(map[types.Object][]Write),
		Escaped:     make(map[types.Object]bool),
		AddrTaken:   make(map[types.Object][]ast.Node),
		ConstValues: make(map[*types.Const]ast.Expr),
		Calls:       make(map[*types.Func][]*ast.CallExpr),
		VarCalls:    make(map[*types.Var][]*ast.CallExpr),
		Params:      make(map[*types.Var]Param),
	}
	for _, f := range files {
		ast.Inspect(f, x.visit)
	}
	return x
}

func (x *Index) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.FuncDecl:
		if fn, ok := x.Info.Defs[n.Name].(*types.Func); ok {
			x.indexParams(fn)
		}
	case *ast.AssignStmt:
		x.assign(n, n.Lhs, n.Rhs, n.Tok)
	case *ast.ValueSpec:
		lhs := make([]ast.Expr, len(n.Names))
		for i, id := range n.Names {
			lhs[i] = id
			if c, ok := x.Info.Defs[id].(*types.Const); ok {
				var v ast.Expr
				if i < len(n.Values) {
					v = n.Values[i]
				}
				x.ConstValues[c] = v
			}
		}
		if len(n.Values) > 0 {
			x.assign(n, lhs, n.Values, token.DEFINE)
		}
	case *ast.IncDecStmt:
		x.write(n.X, Write{Node: n, Op: n.Tok})
	case *ast.RangeStmt:
		for _, e := range []ast.Expr{n.Key, n.Value} {
			if e != nil {
				x.write(e, Write{Node: n, Op: token.RANGE})
			}
		}
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			if obj := x.ObjectOf(n.X); obj != nil {
				x.Escaped[obj] = true
				x.AddrTaken[obj] = append(x.AddrTaken[obj], n)
			}
		}
	case *ast.CompositeLit:
		for _, elt := range n.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if key, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := x.Info.Uses[key].(*types.Var); ok && f.IsField() {
					f = f.Origin() // Pager[int]{Size: n} sets Pager[N].Size
					x.Writes[f] = append(x.Writes[f], Write{Node: kv, Op: token.DEFINE, Value: kv.Value})
				}
			}
		}
	case *ast.CallExpr:
		if fn := code.Callee(x.Info, n); fn != nil {
			x.Calls[fn] = append(x.Calls[fn], n)
		} else if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
			if v, ok := x.Info.Uses[id].(*types.Var); ok {
				x.VarCalls[v] = append(x.VarCalls[v], n)
			}
		}
	case *ast.FuncLit:
		if sig, ok := x.Info.TypeOf(n).(*types.Signature); ok {
			x.indexSignature(nil, sig)
		}
	}
	return true
}

func (x *Index) indexParams(fn *types.Func) {
	if sig, ok := fn.Type().(*types.Signature); ok {
		x.indexSignature(fn, sig)
	}
}

func (x *Index) indexSignature(fn *types.Func, sig *types.Signature) {
	ps := sig.Params()
	for i := range ps.Len() {
		x.Params[ps.At(i)] = Param{Func: fn, Index: i, Variadic: sig.Variadic() && i == ps.Len()-1}
	}
}

func (x *Index) assign(n ast.Node, lhs, rhs []ast.Expr, op token.Token) {
	for i, l := range lhs {
		w := Write{Node: n, Op: op}
		switch {
		case len(lhs) == len(rhs):
			w.Value = rhs[i]
		case len(rhs) == 1:
			w.Value, w.Tuple, w.Index = rhs[0], true, i
		}
		x.write(l, w)
	}
}

func (x *Index) write(lhs ast.Expr, w Write) {
	if obj := x.ObjectOf(lhs); obj != nil {
		x.Writes[obj] = append(x.Writes[obj], w)
	}
}

// ObjectOf returns the variable or field e names (x, s.f, pkg.V), or nil.
func (x *Index) ObjectOf(e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if obj, ok := x.Info.Defs[e].(*types.Var); ok {
			return obj
		}
		if obj, ok := x.Info.Uses[e].(*types.Var); ok {
			return obj
		}
	case *ast.SelectorExpr:
		if sel, ok := x.Info.Selections[e]; ok {
			if f, ok := sel.Obj().(*types.Var); ok && sel.Kind() == types.FieldVal {
				return f.Origin() // one object for a field of every instance of a generic type
			}
			return nil
		}
		if obj, ok := x.Info.Uses[e.Sel].(*types.Var); ok {
			return obj
		}
	}
	return nil
}

// ConstOf returns the named constant e refers to (c or pkg.C), or nil.
func (x *Index) ConstOf(e ast.Expr) *types.Const {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return nil
	}
	c, _ := x.Info.Uses[id].(*types.Const)
	return c
}

// SingleValue returns the one expression a variable ever holds: it is
// written exactly once, by a plain definition or assignment of one
// expression, and its address is never taken. Otherwise it returns nil.
func (x *Index) SingleValue(obj types.Object) ast.Expr {
	if x.Escaped[obj] {
		return nil
	}
	ws := x.Writes[obj]
	if len(ws) != 1 {
		return nil
	}
	if w := ws[0]; w.Value != nil && !w.Tuple && (w.Op == token.DEFINE || w.Op == token.ASSIGN) {
		if v, ok := obj.(*types.Var); ok && !v.IsField() && w.Op == token.ASSIGN && v.Parent() != nil && v.Parent() != v.Pkg().Scope() {
			// var x int; x = 5: the zero value was there first, readable
			// before the assignment.
			return nil
		}
		return w.Value
	}
	return nil
}

// SingleResult returns the call whose first result is the one value a
// variable ever holds (stmt, err := db.Prepare(q)), or nil.
func (x *Index) SingleResult(obj types.Object) *ast.CallExpr {
	ws := x.Writes[obj]
	if x.Escaped[obj] || len(ws) != 1 || !ws[0].Tuple || ws[0].Index != 0 || ws[0].Op == token.RANGE {
		return nil
	}
	call, _ := ast.Unparen(ws[0].Value).(*ast.CallExpr)
	return call
}
