package main

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
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
	root := write("example.com/root@v1.0.0", "root.go", "package root\n")
	vendored := write(filepath.Join(t.TempDir(), "vendor", "example.com", "plain"), "plain.go", "package plain\n")

	l := newLoader([]string{root})
	l.prefixes = []string{cache + string(filepath.Separator)}
	for dir, keep := range map[string]bool{
		plain:       false,
		store:       true,
		sqlx:        true,
		dot:         true,
		root:        true,
		t.TempDir(): true, // the project's own code
		vendored:    false,
	} {
		if got := l.keepBodies(dir); got != keep {
			t.Errorf("keepBodies(%s) = %v, want %v", dir, got, keep)
		}
	}
}
