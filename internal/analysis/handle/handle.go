// Package handle answers, once for every rowalign pass, what a value of
// database/sql or sqlx is: a database (*sql.DB, *sqlx.DB), a connection,
// a transaction, a prepared statement or a result set. Before it, scope,
// appenders, pagewalk, rowbyrow and the rewrites each kept a list of type
// names of their own.
//
// What a pass does with the answer stays its own: the rewrites into the
// pager take database/sql's handles only (FromSQL), rowbyrow judges only
// a pointer to one (a copied sql.DB is not a handle anyone uses).
package handle

import (
	"go/types"

	"github.com/rowalign/rowalign/internal/analysis/code"
)

// The packages whose types are handles.
const (
	SQL  = "database/sql"
	SQLX = "github.com/jmoiron/sqlx"
)

// Kind is what a database/sql or sqlx value is.
type Kind uint8

// The kinds of values; None for every other type.
const (
	None Kind = iota
	DB
	Conn
	Tx
	Stmt
	Rows
)

var names = map[string]Kind{"DB": DB, "Conn": Conn, "Tx": Tx, "Stmt": Stmt, "Rows": Rows}

// Of returns what t, or the type t points to, is: a database/sql or sqlx
// DB, Conn, Tx, Stmt or Rows, or None.
func Of(t types.Type) Kind {
	path, name, ok := code.NamedType(t)
	if !ok || path != SQL && path != SQLX {
		return None
	}
	return names[name]
}

// Is reports whether t is a handle statements run on: a DB, Conn or Tx
// of database/sql or sqlx (or a pointer to one).
func Is(t types.Type) bool {
	switch Of(t) {
	case DB, Conn, Tx:
		return true
	}
	return false
}

// IsTx reports whether t is a transaction of database/sql or sqlx.
func IsTx(t types.Type) bool { return Of(t) == Tx }

// FromSQL reports whether t is database/sql's own type, not sqlx's.
func FromSQL(t types.Type) bool {
	path, _, ok := code.NamedType(t)
	return ok && path == SQL
}

// IsPointer reports whether t is a pointer (after aliases), as every
// handle a program passes around is.
func IsPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}
