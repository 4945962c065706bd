package flow_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/rowalign/rowalign/internal/analysis/flow"
)

const src = `package p

import "database/sql"

const base = 122_880
const pageSize = 2 * base

type pager[T any] struct{ Size int }

var global = 7

func walk(db *sql.DB, n int, opts ...int) {
	once := 250_000
	twice := 1
	twice = 2
	var zero int
	zero = 5
	var last int64
	scan(&last)
	stmt, err := db.Prepare("SELECT 1")
	_, _ = stmt, err
	f := func(k int) {}
	f(n)
	generic[int](once)
	generic(twice)
	_ = pager[string]{Size: 100}
	_ = len(opts) + zero + int(last)
	for i := range 3 {
		_ = i
	}
}

func scan(p *int64) {}

func generic[T any](v T) {}

var tx *sql.Tx

type alias = sql.DB
`

type pkg struct {
	fset  *token.FileSet
	file  *ast.File
	info  *types.Info
	index *flow.Index
}

var loaded *pkg

// load type-checks src once; database/sql is type-checked from source.
func load(t *testing.T) *pkg {
	t.Helper()
	if loaded != nil {
		return loaded
	}
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
	loaded = &pkg{fset: fset, file: f, info: info, index: flow.New(info, []*ast.File{f})}
	return loaded
}

// obj returns the object named name, declared anywhere in the file.
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

// calls returns the calls of the function named name.
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

func TestSingleValue(t *testing.T) {
	p := load(t)
	for name, want := range map[string]string{
		"once":   "250_000",
		"global": "7",
		"twice":  "", // assigned twice
		"zero":   "", // var zero int; zero = 5: zero was readable before
		"last":   "", // its address is taken
		"n":      "", // a parameter: no write
	} {
		got := ""
		if v := p.index.SingleValue(p.obj(t, name)); v != nil {
			got = types.ExprString(v)
		}
		if got != want {
			t.Errorf("SingleValue(%s) = %q, want %q", name, got, want)
		}
	}
	if p.index.SingleResult(p.obj(t, "stmt")) == nil {
		t.Errorf("SingleResult(stmt): no call")
	}
	if p.index.SingleResult(p.obj(t, "err")) != nil {
		t.Errorf("SingleResult(err): err is the second result")
	}
}

func TestEscapedAndFields(t *testing.T) {
	p := load(t)
	last := p.obj(t, "last")
	if !p.index.Escaped[last] || len(p.index.AddrTaken[last]) != 1 {
		t.Errorf("last: escaped %v, address taken at %d places", p.index.Escaped[last], len(p.index.AddrTaken[last]))
	}
	// pager[string]{Size: 100} writes the field of the generic type.
	size := p.obj(t, "Size")
	if ws := p.index.Writes[size]; len(ws) != 1 || types.ExprString(ws[0].Value) != "100" {
		t.Errorf("writes of Size: %+v", ws)
	}
	// range 3 writes i with token.RANGE.
	if ws := p.index.Writes[p.obj(t, "i")]; len(ws) != 1 || ws[0].Op != token.RANGE {
		t.Errorf("writes of i: %+v", ws)
	}
}

func TestConstants(t *testing.T) {
	p := load(t)
	c := p.obj(t, "pageSize").(*types.Const)
	if e := p.index.ConstValues[c]; types.ExprString(e) != "2 * base" {
		t.Errorf("ConstValues[pageSize] = %s", types.ExprString(e))
	}
}

func TestCallsAndParams(t *testing.T) {
	p := load(t)
	generic := p.obj(t, "generic").(*types.Func)
	// generic[int](once) and generic(twice): both resolve to the origin.
	if n := len(p.index.Calls[generic]); n != 2 {
		t.Errorf("%d calls of generic, want 2", n)
	}
	walk := p.obj(t, "walk").(*types.Func)
	if pa := p.index.Params[p.obj(t, "n").(*types.Var)]; pa.Func != walk || pa.Index != 1 || pa.Variadic {
		t.Errorf("Params[n] = %+v", pa)
	}
	if pa := p.index.Params[p.obj(t, "opts").(*types.Var)]; !pa.Variadic {
		t.Errorf("Params[opts] = %+v, want variadic", pa)
	}
	// f(n) calls the variable holding the literal: VarCalls, not Calls.
	if c := p.index.VarCalls[p.obj(t, "f").(*types.Var)]; len(c) != 1 || len(c[0].Args) != 1 {
		t.Errorf("VarCalls[f] = %v, want the one call f(n)", c)
	}
	for v := range p.index.VarCalls {
		if v.Name() != "f" {
			t.Errorf("VarCalls has %s: only f is a variable called", v.Name())
		}
	}
	// The parameter of a function literal has no *types.Func.
	if pa, ok := p.index.Params[p.obj(t, "k").(*types.Var)]; !ok || pa.Func != nil {
		t.Errorf("Params[k] = %+v, %v", pa, ok)
	}
}

func TestObjectOf(t *testing.T) {
	p := load(t)
	for _, c := range p.calls("scan") {
		// scan(&last): the argument is &last, not a variable.
		if o := p.index.ObjectOf(c.Args[0]); o != nil {
			t.Errorf("ObjectOf(&last) = %v", o)
		}
		if o := p.index.ObjectOf(c.Args[0].(*ast.UnaryExpr).X); o != p.obj(t, "last") {
			t.Errorf("ObjectOf(last) = %v", o)
		}
	}
	if c := p.index.ConstOf(&ast.Ident{Name: "x"}); c != nil {
		t.Errorf("ConstOf(unknown) = %v", c)
	}
}
