package code_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/rowalign/rowalign/internal/analysis/code"
)

const src = `package p

import (
	"database/sql"
	"time"
)

const base = 122_880
const pageSize = 2 * base

var tx *sql.Tx

type alias = sql.DB

func walk(db *sql.DB, opts ...int) {
	var last int64
	stmt, err := db.Prepare("SELECT 1")
	_, _ = stmt, err
	f := func(k int) {}
	f(1)
	generic[int](1)
	generic(2)
	_ = len(opts) + int(last)
	for range 3 {
		time.Sleep(time.Second)
	}
	for i := range 3 {
		_ = i
	}
}

func generic[T any](v T) {}
`

type pkg struct {
	file *ast.File
	info *types.Info
}

// load type-checks src; database/sql and time from source.
func load(t *testing.T) *pkg {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      make(map[ast.Expr]types.TypeAndValue),
		Defs:       make(map[*ast.Ident]types.Object),
		Uses:       make(map[*ast.Ident]types.Object),
		Selections: make(map[*ast.SelectorExpr]*types.Selection),
		Instances:  make(map[*ast.Ident]types.Instance),
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	return &pkg{file: f, info: info}
}

func (p *pkg) obj(t *testing.T, name string) types.Object {
	t.Helper()
	for id, o := range p.info.Defs {
		if id.Name == name && o != nil {
			return o
		}
	}
	t.Fatalf("no object %s", name)
	return nil
}

func (p *pkg) calls(name string) []*ast.CallExpr {
	var out []*ast.CallExpr
	ast.Inspect(p.file, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && types.ExprString(c.Fun) == name {
			out = append(out, c)
		}
		return true
	})
	return out
}

func TestCallee(t *testing.T) {
	p := load(t)
	generic := p.obj(t, "generic").(*types.Func)
	for _, name := range []string{"generic[int]", "generic"} {
		for _, c := range p.calls(name) {
			if fn := code.Callee(p.info, c); fn != generic {
				t.Errorf("Callee(%s(...)) = %v, want the origin", name, fn)
			}
		}
	}
	for _, name := range []string{"f", "len", "int"} {
		cs := p.calls(name)
		if len(cs) == 0 {
			t.Fatalf("no call of %s", name)
		}
		for _, c := range cs {
			if fn := code.Callee(p.info, c); fn != nil {
				t.Errorf("Callee(%s(...)) = %v, want nil: a function value, a builtin, a conversion", name, fn)
			}
		}
	}
	if c := p.calls("db.Prepare"); len(c) != 1 || code.Callee(p.info, c[0]).Name() != "Prepare" {
		t.Errorf("Callee(db.Prepare(...)) is not the method")
	}
	if c := p.calls("len"); !code.IsBuiltin(p.info, c[0], "len") || code.IsBuiltin(p.info, c[0], "cap") {
		t.Errorf("IsBuiltin(len(...)) wrong")
	}
}

func TestTypes(t *testing.T) {
	p := load(t)
	tx := p.obj(t, "tx").Type()
	if !code.IsNamed(tx, "database/sql", "Tx") || code.IsNamed(tx, "database/sql", "DB") {
		t.Errorf("IsNamed(*sql.Tx) wrong")
	}
	if path, name, ok := code.NamedType(p.obj(t, "alias").Type()); !ok || path != "database/sql" || name != "DB" {
		t.Errorf("NamedType(alias of sql.DB) = %s.%s, %v", path, name, ok)
	}
	if _, _, ok := code.NamedType(nil); ok {
		t.Errorf("NamedType(nil) ok")
	}
	if !code.IsInteger(p.obj(t, "last").Type()) || code.IsInteger(tx) || code.IsInteger(nil) {
		t.Errorf("IsInteger wrong")
	}
	// An expression that did not type-check has no underlying type.
	if u := code.Underlying(p.info, &ast.Ident{Name: "undefinedName"}); u != nil {
		t.Errorf("Underlying(untyped) = %v", u)
	}
	c := p.obj(t, "pageSize").(*types.Const)
	var val ast.Expr
	for _, d := range p.file.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
			for _, s := range g.Specs {
				if vs := s.(*ast.ValueSpec); vs.Names[0].Name == c.Name() {
					val = vs.Values[0]
				}
			}
		}
	}
	if v, ok := code.IntValue(p.info, val); !ok || v != 245_760 {
		t.Errorf("IntValue(2 * base) = %d, %v", v, ok)
	}
	if _, ok := code.IntValue(p.info, &ast.Ident{Name: "nowhere"}); ok {
		t.Errorf("IntValue of an expression without a type")
	}
}

func TestPolls(t *testing.T) {
	p := load(t)
	var loops []ast.Node
	ast.Inspect(p.file, func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok {
			loops = append(loops, r)
		}
		return true
	})
	if len(loops) != 2 {
		t.Fatalf("%d range loops, want 2", len(loops))
	}
	if !code.Polls(p.info, loops[0]) {
		t.Errorf("a loop that calls time.Sleep does not poll")
	}
	if code.Polls(p.info, loops[1]) {
		t.Errorf("a loop without a clock polls")
	}
}

func TestParamIndex(t *testing.T) {
	const src = `package p

func f(a, b int, _ string, c []int, rest ...int) {}
func g(int, x string) {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: make(map[*ast.Ident]types.Object)}
	if _, err := new(types.Config).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"a": 0, "b": 1, "c": 3, "rest": -1, "x": 1}
	for _, d := range f.Decls {
		fn := d.(*ast.FuncDecl)
		for _, field := range fn.Type.Params.List {
			for _, name := range field.Names {
				v := info.Defs[name].(*types.Var)
				if w, ok := want[name.Name]; ok {
					if got := code.ParamIndex(fn.Type.Params, v); got != w {
						t.Errorf("ParamIndex(%s) = %d, want %d", name.Name, got, w)
					}
					delete(want, name.Name)
				}
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("parameters not seen: %v", want)
	}
}
