package sizes

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
)

// A use is a place a size's value reaches and stops being a value of its
// own: the statement, call or condition that consumes it (the walk's
// query, a stride, an end test, a log call). at is the expression the
// value is in there; stmt the statement holding it.
type use struct {
	at   ast.Expr
	stmt ast.Stmt
}

// uses follows the value of the expression e (a size's literal, or an
// identifier that holds it) forward to every use: through parentheses,
// conversions, arithmetic, min, max, cmp.Or, strconv and fmt formatting,
// the constants, variables and fields it is stored in, the parameters of
// the package's functions it is passed to, and what those return. It
// returns why it stopped when the value goes somewhere it cannot follow
// (an exported name other packages may read, a function of another
// package, an address taken): no fix can then be proven.
func (p *prover) uses(e ast.Expr, call *ast.CallExpr, depth int) string {
	if depth > flow.MaxDepth {
		return "the size passes through too many steps to follow"
	}
	path := p.path(e)
	for i := 1; i < len(path); i++ {
		child := path[i-1]
		switch n := path[i].(type) {
		case *ast.ParenExpr, *ast.BinaryExpr, *ast.StarExpr:
			continue // (n), n+1, lo+n, n%m == 0, *flagValue
		case *ast.SliceExpr:
			continue // rows[lo:hi]
		case *ast.SelectorExpr:
			if child != n.Sel {
				return "the size's fields are read"
			}
			continue // cfg.PageSize: the field's value
		case *ast.CallExpr:
			if child == n.Fun {
				return "the size is called"
			}
			into, why := p.intoCall(n, child.(ast.Expr), call, depth)
			switch into {
			case passes:
				continue // the value goes on in the call's result
			case consumes:
				return p.addUse(n, path[i:]) // the walk's query, make's capacity
			}
			return why
		case *ast.ValueSpec:
			for j, v := range n.Values {
				if v == child && len(n.Names) == len(n.Values) {
					return p.holder(p.info.Defs[n.Names[j]], call, depth)
				}
			}
			return "the size is declared with others"
		case *ast.AssignStmt:
			for j, r := range n.Rhs {
				if r != child {
					continue
				}
				if (n.Tok != token.DEFINE && n.Tok != token.ASSIGN) || len(n.Lhs) != len(n.Rhs) {
					break
				}
				switch l := ast.Unparen(n.Lhs[j]).(type) {
				case *ast.Ident:
					if n.Tok == token.ASSIGN {
						return p.holderAfter(p.info.ObjectOf(l), call, depth, n)
					}
					return p.holder(p.info.ObjectOf(l), call, depth)
				case *ast.SelectorExpr:
					return p.holder(p.info.ObjectOf(l.Sel), call, depth)
				}
				return "the size is stored where rowalign cannot follow it"
			}
			return p.addUse(child.(ast.Expr), path[i:]) // off += n, n++
		case *ast.KeyValueExpr:
			if child != n.Value {
				return "the size is a key"
			}
			key, ok := n.Key.(*ast.Ident)
			if !ok || len(path) <= i+1 {
				return "the size is a map or slice element"
			}
			if _, ok := path[i+1].(*ast.CompositeLit); !ok {
				return "the size is stored where rowalign cannot follow it"
			}
			if f, ok := p.info.ObjectOf(key).(*types.Var); ok && f.IsField() {
				return p.holder(f, call, depth)
			}
			return "the size is a map element"
		case *ast.ReturnStmt:
			return p.returned(n, path[i:], call, depth)
		case *ast.CompositeLit:
			return "the size is an element of " + types.ExprString(n.Type)
		case *ast.UnaryExpr:
			return "the size's address is taken"
		case ast.Stmt:
			return p.addUse(child.(ast.Expr), path[i:])
		default:
			return "the size is used where rowalign cannot follow it"
		}
	}
	return "the size is used where rowalign cannot follow it"
}

// addUse records the expression at, inside the statements of path, as a
// use of the size.
func (p *prover) addUse(at ast.Expr, path []ast.Node) string {
	for _, n := range path {
		if s, ok := n.(ast.Stmt); ok {
			p.found = append(p.found, use{at: at, stmt: s})
			return ""
		}
	}
	return "the size is used outside a function"
}

// What a call does with a value given to it (intoCall).
const (
	passes   = iota // the result carries it: min, max, a conversion
	consumes        // the call uses it: the walk's query, make's capacity
	followed        // followed into a variable or the callee's parameter
)

// intoCall follows the value arg into the call c. call is the call of
// the function being followed, whose result the value reaches when that
// function returns it. why is set when the value cannot be followed, or
// when following it (into a flag's variable, a parameter) failed.
func (p *prover) intoCall(c *ast.CallExpr, arg ast.Expr, call *ast.CallExpr, depth int) (int, string) {
	idx := -1
	for j, a := range c.Args {
		if a == arg {
			idx = j
		}
	}
	if tv, ok := p.info.Types[c.Fun]; ok && tv.IsType() {
		return passes, ""
	}
	if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
		if b, ok := p.info.Uses[id].(*types.Builtin); ok {
			switch {
			case b.Name() == "min" || b.Name() == "max", b.Name() == "append" && idx > 0:
				return passes, "" // append(args, n, off): the arguments' slice
			case b.Name() == "make" && len(c.Args) == 3 && idx == 2:
				return consumes, "" // a capacity: room, not rows
			}
			return followed, "the size is given to " + b.Name()
		}
	}
	if p.isQuery(c) {
		return consumes, ""
	}
	fn := code.Callee(p.info, c)
	if fn == nil || fn.Pkg() == nil || idx < 0 || c.Ellipsis.IsValid() {
		return followed, "the size is given to a function rowalign does not follow"
	}
	sig := fn.Type().(*types.Signature)
	switch path, name := fn.Pkg().Path(), fn.Name(); {
	case path == "cmp" && name == "Or",
		path == "strconv" && (name == "Itoa" || name == "FormatInt" || name == "FormatUint"),
		path == "fmt" && name == "Sprintf",
		path == "database/sql" && name == "Named":
		return passes, ""
	case path == "flag" || path == "github.com/spf13/pflag":
		// flag.Int("page", 250_000, "..."): the flag's default, which
		// reaches the program through the flag's value;
		// flag.IntVar(&n, "page", 250_000, "..."): through n.
		if idx >= sig.Params().Len() || sig.Params().At(idx).Name() != "value" {
			return followed, "the size is given to " + name
		}
		if _, ptr := sig.Params().At(0).Type().(*types.Pointer); !ptr {
			return passes, ""
		}
		if u, ok := ast.Unparen(c.Args[0]).(*ast.UnaryExpr); ok && u.Op == token.AND {
			if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
				return followed, p.holder(p.info.ObjectOf(id), nil, depth)
			}
		}
		return followed, "the flag's variable is not a plain variable"
	}
	if fn.Pkg() != p.pass.Pkg {
		return followed, "the size is given to " + fn.Name() + ", which rowalign does not follow"
	}
	if sig.Variadic() && idx >= sig.Params().Len()-1 {
		return followed, "the size is a variadic argument of " + fn.Name()
	}
	// A function of this package: follow the parameter in its body; what
	// the body returns of it goes on from this call.
	return followed, p.holder(sig.Params().At(idx), c, depth)
}

// returned follows a value that a function returns: from the call being
// followed when there is one (an argument returned), else from every call
// of the function in the package (a constant it returns).
func (p *prover) returned(ret *ast.ReturnStmt, path []ast.Node, call *ast.CallExpr, depth int) string {
	if len(ret.Results) != 1 {
		return "the size is returned with other results"
	}
	var fn *types.Func
	for _, n := range path {
		switch d := n.(type) {
		case *ast.FuncDecl:
			fn, _ = p.info.Defs[d.Name].(*types.Func)
		case *ast.FuncLit:
			return "the size is returned by a function literal"
		}
		if fn != nil {
			break
		}
	}
	if fn == nil {
		return "the size is returned"
	}
	if call != nil && code.Callee(p.info, call) == fn {
		return p.uses(call, nil, depth+1)
	}
	calls := p.flow.Calls[fn]
	if len(calls) == 0 || p.refs[fn] > len(calls) || fn.Exported() {
		// A method value, an interface, or another package's caller.
		return "the size is returned by " + fn.Name() + ", which is used other than by calls here"
	}
	for _, c := range calls {
		if why := p.uses(c, nil, depth+1); why != "" {
			return why
		}
	}
	return ""
}

// holder follows every read of obj, a constant, variable, field or
// parameter the size is stored in. Names other packages may read (an
// exported constant, variable or field) stop the proof: their reads are
// out of sight.
func (p *prover) holder(obj types.Object, call *ast.CallExpr, depth int) string {
	return p.holderAfter(obj, call, depth, nil)
}

// holderAfter is holder for a variable the size is assigned to by set
// (n = 100_000): the condition of an if that guards set reads the value
// n had before (if n == 0 { n = 100_000 }), not the size.
func (p *prover) holderAfter(obj types.Object, call *ast.CallExpr, depth int, set ast.Stmt) string {
	if obj == nil {
		return "the size is stored where rowalign cannot follow it"
	}
	if v, ok := obj.(*types.Var); ok && v.IsField() {
		obj = v.Origin()
	}
	key := held{obj, call}
	if p.held[key] {
		return ""
	}
	p.held[key] = true
	if obj.Exported() && (obj.Parent() == obj.Pkg().Scope() || isField(obj)) {
		return obj.Name() + " is exported: other packages may read it"
	}
	for _, a := range p.flow.AddrTaken[obj] {
		if !p.flagVar(a) {
			return obj.Name() + "'s address is taken (" + p.where(a) + ")"
		}
	}
	for _, id := range p.reads(obj) {
		if set != nil && p.guards(id, set) {
			continue
		}
		if why := p.uses(id, call, depth+1); why != "" {
			return why
		}
	}
	return ""
}

// held is a name the size is stored in, with the call its function was
// entered through, for a parameter: what the function returns of it goes
// back to that call.
type held struct {
	obj  types.Object
	call *ast.CallExpr
}

// guards reports whether id is in the condition of an if whose body
// holds set.
func (p *prover) guards(id *ast.Ident, set ast.Stmt) bool {
	for _, n := range p.path(id) {
		if ifs, ok := n.(*ast.IfStmt); ok {
			return within(id, ifs.Cond) && within(set, ifs.Body)
		}
	}
	return false
}

// flagVar reports whether addr (&n) is the variable a flag or pflag
// function stores its value in (flag.IntVar(&n, ...)).
func (p *prover) flagVar(addr ast.Node) bool {
	path := p.path(addr)
	if len(path) < 2 {
		return false
	}
	c, ok := path[1].(*ast.CallExpr)
	if !ok || len(c.Args) == 0 || c.Args[0] != addr {
		return false
	}
	fn := code.Callee(p.info, c)
	return fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "flag" || fn.Pkg().Path() == "github.com/spf13/pflag")
}

func isField(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.IsField()
}

// reads returns the identifiers that read obj: every use but the left
// side of a plain assignment.
func (p *prover) reads(obj types.Object) []*ast.Ident {
	var out []*ast.Ident
	for _, id := range p.idents[obj] {
		if p.assigned[id] {
			continue
		}
		out = append(out, id)
	}
	return out
}

// path returns the nodes enclosing n, n first.
func (p *prover) path(n ast.Node) []ast.Node {
	for _, f := range p.pass.Files {
		if f.FileStart <= n.Pos() && n.Pos() < f.FileEnd {
			path, _ := astutil.PathEnclosingInterval(f, n.Pos(), n.End())
			return path
		}
	}
	return nil
}
