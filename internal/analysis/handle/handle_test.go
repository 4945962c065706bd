package handle_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/rowalign/rowalign/internal/analysis/handle"
)

const src = `package p

import "database/sql"

type alias = sql.Tx

type wrapper struct{ *sql.DB }

var (
	db    *sql.DB
	conn  *sql.Conn
	tx    *sql.Tx
	atx   *alias
	stmt  *sql.Stmt
	rows  *sql.Rows
	value sql.DB
	w     wrapper
	n     int
)
`

func TestOf(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name             string
		kind             handle.Kind
		is, sql, pointer bool
	}{
		{"db", handle.DB, true, true, true},
		{"conn", handle.Conn, true, true, true},
		{"tx", handle.Tx, true, true, true},
		{"atx", handle.Tx, true, true, true},
		{"stmt", handle.Stmt, false, true, true},
		{"rows", handle.Rows, false, true, true},
		{"value", handle.DB, true, true, false},
		{"w", handle.None, false, false, false},
		{"n", handle.None, false, false, false},
	} {
		typ := pkg.Scope().Lookup(c.name).Type()
		if got := handle.Of(typ); got != c.kind {
			t.Errorf("Of(%s) = %v, want %v", c.name, got, c.kind)
		}
		if got := handle.Is(typ); got != c.is {
			t.Errorf("Is(%s) = %v, want %v", c.name, got, c.is)
		}
		if got := handle.IsTx(typ); got != (c.kind == handle.Tx) {
			t.Errorf("IsTx(%s) = %v", c.name, got)
		}
		if got := handle.FromSQL(typ); got != c.sql {
			t.Errorf("FromSQL(%s) = %v, want %v", c.name, got, c.sql)
		}
		if got := handle.IsPointer(typ); got != c.pointer {
			t.Errorf("IsPointer(%s) = %v, want %v", c.name, got, c.pointer)
		}
	}
	if handle.Of(nil) != handle.None || handle.Is(nil) {
		t.Errorf("nil is a handle")
	}
}
