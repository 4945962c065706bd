package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"testing"
)

// Blanking the bodies before parsing gives the declarations dropBodies
// gives after parsing, at the same positions: methods, generics with
// braced constraints, a braced result type, a function without a body,
// a function literal at package level, braces and "//line" in strings,
// and a //line directive inside a body, which positions what follows.
func TestBlankBodies(t *testing.T) {
	const src = `package dep

import "strings"

type T struct{ s string }

func (t *T) Method(x int) (n int, err error) {
	if x > 0 {
		return strings.Count(t.s, "{"), nil
	}
	_ = '{'
	_ = "//line fake.go:1"
	return 0, nil
}

func Generic[E interface{ ~int | ~int64 }](xs []E) E {
	var s E
	for _, x := range xs {
		s += x
	}
	return s
}

func Shape() struct{ W, H int } {
	return struct{ W, H int }{1, 2}
}

func assembly(x uint64) uint64

var Hook = func(s string) string { return strings.ToUpper(s) }

func init() {
	Hook = nil
//line generated.tmpl:40
}

const After = 1

type Iface interface{ M() }
`
	parse := func(src []byte) (*token.FileSet, *ast.File) {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "dep.go", src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		dropBodies(f)
		return fset, f
	}
	show := func(fset *token.FileSet, f *ast.File) string {
		var b bytes.Buffer
		for _, d := range f.Decls {
			b.WriteString(fset.Position(d.Pos()).String() + "\n")
			printer.Fprint(&b, fset, d)
			b.WriteString("\n")
		}
		return b.String()
	}
	blanked := blankBodies([]byte(src))
	if bytes.Equal(blanked, []byte(src)) {
		t.Fatal("nothing blanked")
	}
	if len(blanked) != len(src) || bytes.Count(blanked, []byte("\n")) != bytes.Count([]byte(src), []byte("\n")) {
		t.Fatal("blanking moved bytes or lines")
	}
	want, got := show(parse([]byte(src))), show(parse(blanked))
	if got != want {
		t.Errorf("blanked:\n%s\nwant:\n%s", got, want)
	}
	// The directive still positions the declaration after it.
	if !bytes.Contains(blanked, []byte("//line generated.tmpl:40")) {
		t.Error("the //line directive in init was blanked")
	}
	// A file that does not scan is left alone.
	if bad := []byte("package p\nfunc f() { \"unterminated }\n"); !bytes.Equal(blankBodies(bad), bad) {
		t.Error("a file with a scan error was changed")
	}
}
