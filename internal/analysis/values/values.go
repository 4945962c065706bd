// Package values exports facts about the integer values a package hands
// its importers, so that a page size written in one package and used in
// another is traced across the boundary (package ssaflow reads them):
//
//   - Returns, on an exported function or method whose first result is
//     an integer: the parameters it returns on some path and the
//     constants it returns (settings.EnvInt("PAGE", 200_000) returns its
//     parameter 1 when PAGE is unset);
//   - Values, on an exported integer package variable or an exported
//     integer field of an exported struct type: the constants its
//     package writes into it (var PageSize = 250_000; cfg.PageSize =
//     250_000 in Default(), or in Load after the file is decoded;
//     Config{PageSize: 250_000}).
//
// The policy is ssaflow's: a constant that reaches the use on some path
// is a size written in the source. So another package's writes do not
// hide a variable's initial value (main may set config.PageSize from a
// flag; when it does not, 250,000 rows it is), and the importer's own
// writes are traced as well.
//
// Only syntax and types are read, one walk over the package's files,
// and nothing at all in the standard library (no module path, no dot in
// its import path's first element): go vet runs this on every
// dependency.
package values

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/internal/analysis/code"
	"github.com/rowalign/rowalign/internal/analysis/flow"
	"github.com/rowalign/rowalign/internal/analysis/ssaflow"
)

// Analyzer exports Returns and Values facts; its result is the
// *External that reads the facts of the package's imports.
var Analyzer = &analysis.Analyzer{
	Name:             "rowalignvalues",
	Doc:              "record the integer values exported functions return and exported variables and fields are set to (facts only)",
	URL:              "https://github.com/rowalign/rowalign/tree/main/internal/analysis/values",
	Run:              run,
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(Returns), new(Values)},
	ResultType:       reflect.TypeFor[*External](),
}

// Returns is the object fact of an exported function whose first result
// is an integer that is one of its parameters or a constant on some path.
type Returns struct {
	Params []int
	Consts []ssaflow.Const
}

// AFact marks Returns as an analysis fact.
func (*Returns) AFact() {}

func (f *Returns) String() string {
	return fmt.Sprintf("returns params %v, constants %s", f.Params, constsString(f.Consts))
}

// Values is the object fact of an exported integer variable or field
// that its package sets to constants.
type Values struct {
	Consts []ssaflow.Const
}

// AFact marks Values as an analysis fact.
func (*Values) AFact() {}

func (f *Values) String() string { return "values " + constsString(f.Consts) }

func constsString(cs []ssaflow.Const) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%d (%s)", c.Value, c.At))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// maxConsts bounds the constants one fact carries: a field set in a
// hundred places is configuration, not a default.
const maxConsts = 8

// External reads the facts of a package's imports: an ssaflow.External.
type External struct{ pass *analysis.Pass }

// Returns implements ssaflow.External.
func (x *External) Returns(fn *types.Func) ([]int, []ssaflow.Const) {
	var f Returns
	if x.pass.ImportObjectFact(fn, &f) {
		return f.Params, f.Consts
	}
	return nil, nil
}

// Values implements ssaflow.External.
func (x *External) Values(v *types.Var) []ssaflow.Const {
	var f Values
	if x.pass.ImportObjectFact(v.Origin(), &f) {
		return f.Consts
	}
	return nil
}

func run(pass *analysis.Pass) (any, error) {
	ext := &External{pass}
	if standard(pass) {
		return ext, nil
	}
	c := &collector{pass: pass, values: make(map[*types.Var][]ssaflow.Const)}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			c.decl(d)
		}
	}
	for v, consts := range c.values {
		if len(consts) <= maxConsts {
			pass.ExportObjectFact(v, &Values{Consts: consts})
		}
	}
	return ext, nil
}

// standard reports whether pass is a package of the standard library:
// no module, and no dot in the first element of its path.
func standard(pass *analysis.Pass) bool {
	if pass.Module != nil && pass.Module.Path != "" {
		return false
	}
	first, _, _ := strings.Cut(pass.Pkg.Path(), "/")
	return !strings.Contains(first, ".")
}

type collector struct {
	pass   *analysis.Pass
	values map[*types.Var][]ssaflow.Const
	// fn is the function being walked, for the place of a write.
	fn string
}

func (c *collector) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.GenDecl:
		c.fn = c.pass.Pkg.Name()
		for _, spec := range d.Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok && d.Tok == token.VAR && len(vs.Names) == len(vs.Values) {
				for i, id := range vs.Names {
					c.write(id, vs.Values[i])
				}
			}
			ast.Inspect(spec, c.visit)
		}
	case *ast.FuncDecl:
		fn, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
		if !ok || d.Body == nil {
			return
		}
		c.fn = c.pass.Pkg.Name() + "." + d.Name.Name
		if recv := fn.Signature().Recv(); recv != nil {
			if _, name, ok := code.NamedType(recv.Type()); ok {
				c.fn = name + "." + d.Name.Name
			}
		}
		if fn.Exported() {
			c.returns(fn, d)
		}
		ast.Inspect(d.Body, c.visit)
	}
}

func (c *collector) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
			for i := range n.Lhs {
				c.write(n.Lhs[i], n.Rhs[i])
			}
		}
	case *ast.CompositeLit:
		st, ok := code.Underlying(c.pass.TypesInfo, n).(*types.Struct)
		if !ok {
			return true
		}
		for i, elt := range n.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				c.write(kv.Key, kv.Value)
			} else if i < st.NumFields() && len(n.Elts) == st.NumFields() {
				c.record(st.Field(i), elt)
			}
		}
	}
	return true
}

// write records rhs, when constant, as a value of the variable or field
// lhs names.
func (c *collector) write(lhs, rhs ast.Expr) {
	var obj types.Object
	switch l := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		obj = c.pass.TypesInfo.ObjectOf(l)
	case *ast.SelectorExpr:
		obj = c.pass.TypesInfo.ObjectOf(l.Sel)
	}
	if v, ok := obj.(*types.Var); ok {
		c.record(v, rhs)
	}
}

// record adds the constant rhs to the values of v, an exported variable
// at package level or an exported field of an exported type of this
// package.
func (c *collector) record(v *types.Var, rhs ast.Expr) {
	v = v.Origin()
	if !v.Exported() || v.Pkg() != c.pass.Pkg || !code.IsInteger(v.Type()) {
		return
	}
	if !v.IsField() && v.Parent() != c.pass.Pkg.Scope() {
		return
	}
	val, ok := code.IntValue(c.pass.TypesInfo, ast.Unparen(rhs))
	if !ok || val <= 1 {
		return // 0, 1, -1: a sentinel, never a size
	}
	name := c.pass.Pkg.Name() + "." + v.Name()
	if v.IsField() {
		name = v.Name()
	}
	k := ssaflow.Const{Value: val, Name: name, At: c.fn + ", " + c.position(rhs.Pos())}
	if !slices.Contains(c.values[v], k) {
		c.values[v] = append(c.values[v], k)
	}
}

func (c *collector) position(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// returns exports a Returns fact for fn when its first result is an
// integer that is a parameter, or a constant, on some path: a return
// of the parameter, of a constant, or of a local variable assigned one.
func (c *collector) returns(fn *types.Func, d *ast.FuncDecl) {
	sig := fn.Signature()
	if sig.Results().Len() == 0 || !code.IsInteger(sig.Results().At(0).Type()) {
		return
	}
	info := c.pass.TypesInfo
	params := make(map[*types.Var]int)
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	// Writes to the function's own variables, for return n.
	local := make(map[*types.Var][]ast.Expr)
	var rets []ast.Expr
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok {
						if v, ok := info.ObjectOf(id).(*types.Var); ok {
							local[v] = append(local[v], n.Rhs[i])
						}
					}
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					if v, ok := info.Defs[id].(*types.Var); ok {
						local[v] = append(local[v], n.Values[i])
					}
				}
			}
		case *ast.ReturnStmt:
			if len(n.Results) == sig.Results().Len() {
				rets = append(rets, n.Results[0])
			}
		}
		return true
	})
	var fact Returns
	seen := make(map[ast.Expr]bool)
	var visit func(e ast.Expr, depth int)
	visit = func(e ast.Expr, depth int) {
		e = ast.Unparen(e)
		if depth > flow.MaxDepth || seen[e] {
			return
		}
		seen[e] = true
		if v, ok := code.IntValue(info, e); ok {
			if v <= 1 {
				return // 0, 1, -1: a sentinel, never a size
			}
			k := ssaflow.Const{Value: v, At: c.fn + ", " + c.position(e.Pos())}
			if !slices.Contains(fact.Consts, k) {
				fact.Consts = append(fact.Consts, k)
			}
			return
		}
		if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
				visit(call.Args[0], depth+1) // int64(def)
			}
			return
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return
		}
		if i, ok := params[v]; ok {
			if !slices.Contains(fact.Params, i) && !(sig.Variadic() && i == sig.Params().Len()-1) {
				fact.Params = append(fact.Params, i)
			}
		}
		for _, w := range local[v] {
			visit(w, depth+1)
		}
	}
	for _, r := range rets {
		visit(r, 0)
	}
	if len(fact.Params) > 0 || len(fact.Consts) > 0 && len(fact.Consts) <= maxConsts {
		if len(fact.Consts) > maxConsts {
			fact.Consts = nil
		}
		c.pass.ExportObjectFact(fn, &fact)
	}
}
