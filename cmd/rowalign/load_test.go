package main

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// A dependency's file without its bodies type-checks with no error but
// the unused imports that settle removes: generic functions, methods,
// results, init and imports only bodies use.
func TestDropBodiesTypeChecks(t *testing.T) {
	const src = `package dep

import (
	"fmt"
	"os"
	"strings"
)

var home string

func init() { home = os.Getenv("HOME") }

type Set[T comparable] map[T]bool

func (s Set[T]) Has(v T) bool { return s[v] }

func Must[T any](v T, err error) T {
	if err != nil {
		panic(fmt.Errorf("dep: %w", err))
	}
	return v
}

func Join(parts ...string) (s string, n int) {
	s = strings.Join(parts, "/")
	return s, len(parts)
}

var Upper = func(s string) string { return strings.ToUpper(s) }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "dep.go", src, parser.AllErrors|parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	dropBodies(f)
	var errs []error
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil), Error: func(err error) { errs = append(errs, err) }}
	pkg, _ := conf.Check("example.com/dep", fset, []*ast.File{f}, nil)
	want := map[string]bool{`"fmt" imported and not used`: true, `"os" imported and not used`: true}
	for _, err := range errs {
		te := err.(types.Error)
		if !want[te.Msg] || !unusedImport(packages.Error{Kind: packages.TypeError, Msg: te.Msg}) {
			t.Errorf("unexpected error without bodies: %v", err)
		}
		delete(want, te.Msg)
	}
	for msg := range want {
		t.Errorf("no error %s: settle's pattern is untested", msg)
	}
	if pkg.Scope().Lookup("Must") == nil || pkg.Scope().Lookup("Upper") == nil {
		t.Errorf("declarations lost: %v", pkg.Scope().Names())
	}
}

// Bodies are dropped in the Go root, the module cache and vendor
// directories only, and kept where a file imports database/sql or sqlx
// (test files aside) or the package is named on the command line.
func TestKeepBodies(t *testing.T) {
	cache := t.TempDir()
	write := func(dir, name, src string) string {
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(cache, dir)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	plain := write("example.com/plain@v1.0.0", "plain.go", "package plain\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n")
	write("example.com/plain@v1.0.0", "plain_test.go", "package plain\n\nimport \"database/sql\"\n\nvar _ *sql.DB\n")
	store := write("example.com/store@v1.0.0", "store.go", "package store\n\nimport \"database/sql\"\n\nvar DB *sql.DB\n")
	sqlx := write("example.com/x@v1.0.0", "x.go", "package x\n\nimport \"github.com/jmoiron/sqlx\"\n\nvar DB *sqlx.DB\n")
	dot := write("example.com/dot@v1.0.0", "dot.go", "package dot\n\nimport . \"strings\"\n\nvar _ = ToUpper\n")
	gen := write("example.com/gen@v1.0.0", "gen.go", "//go:build ignore\n\npackage main\n\nimport . \"example.com/gen/parser\"\n\nfunc main() { Generate() }\n")
	write("example.com/gen@v1.0.0", "table.go", "package gen\n\nvar Table = []int{1}\n")
	root := write("example.com/root@v1.0.0", "root.go", "package root\n")
	vendored := write(filepath.Join(t.TempDir(), "vendor", "example.com", "plain"), "plain.go", "package plain\n")

	l := newLoader([]string{root})
	l.prefixes = []string{cache + string(filepath.Separator)}
	for dir, keep := range map[string]bool{
		plain:       false,
		store:       true,
		sqlx:        true,
		dot:         true,
		gen:         false, // the dot import is a generator's, which no build sees
		root:        true,
		t.TempDir(): true, // the project's own code
		vendored:    false,
	} {
		if got := l.keepBodies(dir); got != keep {
			t.Errorf("keepBodies(%s) = %v, want %v", dir, got, keep)
		}
	}
}

// A dependency's lookup tables lose their elements and keep their types:
// an array of [...]T keeps its length, whether its keys are literals or
// constant expressions of literals (x/text's 19968 - 19968: ...); a
// literal of a few elements, and an array keyed by named constants, are
// kept as written.
func TestDropTablesKeepsTypes(t *testing.T) {
	var b strings.Builder
	b.WriteString("package dep\n\nconst k = 1\n\nvar Table = [...]uint16{\n")
	for i := range 70 {
		fmt.Fprintf(&b, "\t%d - 19968: %d,\n", 19968+2*i, i)
	}
	b.WriteString("}\n\nconst N = len(Table)\n\nvar Plain = [...]int{")
	for i := range 80 {
		fmt.Fprintf(&b, "%d, ", i)
	}
	b.WriteString("}\n\nvar Names = []string{")
	for i := range 80 {
		fmt.Fprintf(&b, "%q, ", fmt.Sprint(i))
	}
	b.WriteString("}\n\nvar Named = [...]int{")
	for i := range 80 {
		fmt.Fprintf(&b, "k + %d: %d, ", i, i)
	}
	b.WriteString("}\n\nvar Small = []int{1, 2, 3}\n\ntype Config struct{ PageSize int }\n\nvar Default = &Config{PageSize: 250_000}\n")
	src := b.String()

	check := func(drop bool) (*types.Package, *ast.File) {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "dep.go", src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		if drop {
			dropTables(f)
		}
		pkg, err := (&types.Config{}).Check("example.com/dep", fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return pkg, f
	}
	want, _ := check(false)
	got, f := check(true)
	for _, name := range want.Scope().Names() {
		w, g := want.Scope().Lookup(name), got.Scope().Lookup(name)
		if w.Type().String() != g.Type().String() { // two packages: compare by name
			t.Errorf("%s: type %v, want %v", name, g.Type(), w.Type())
		}
		if c, ok := w.(*types.Const); ok && c.Val().String() != g.(*types.Const).Val().String() {
			t.Errorf("%s = %v, want %v", name, g.(*types.Const).Val(), c.Val())
		}
	}
	elts := make(map[string]int)
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
			vs := g.Specs[0].(*ast.ValueSpec)
			e := vs.Values[0]
			if u, ok := e.(*ast.UnaryExpr); ok {
				e = u.X
			}
			elts[vs.Names[0].Name] = len(e.(*ast.CompositeLit).Elts)
		}
	}
	for name, n := range map[string]int{"Table": 0, "Plain": 0, "Names": 0, "Named": 80, "Small": 3, "Default": 1} {
		if elts[name] != n {
			t.Errorf("%s keeps %d elements, want %d", name, elts[name], n)
		}
	}
}

// A Go file cgo generated is judged by the file it came from, which its
// //line directive names; _cgo_gotypes.go names none.
func TestCgoSource(t *testing.T) {
	for src, want := range map[string]string{
		"// Code generated by cmd/cgo; DO NOT EDIT.\n\n//line /mod/example.com/dep@v1.0.0/dep.go:1:1\npackage dep\n": "/mod/example.com/dep@v1.0.0/dep.go",
		"// Code generated by cmd/cgo; DO NOT EDIT.\n\npackage dep\n\nimport \"unsafe\"\n":                           "",
		"package dep\n//line relative.go:1:1\n":                                                                      "",
	} {
		if got := cgoSource([]byte(src)); got != want {
			t.Errorf("cgoSource(%q) = %q, want %q", src, got, want)
		}
	}
}
