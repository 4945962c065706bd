// Package sqlx is a type-only stub of github.com/jmoiron/sqlx v1.4.0 for
// rowalign's fixtures: the exported names fixtures use, with the real
// signatures, so fixtures type-check without the module. It does not work
// at run time.
package sqlx

import (
	"context"
	"database/sql"
	"errors"
)

var errStub = errors.New("sqlx stub")

// DB is sqlx's wrapper of *sql.DB.
type DB struct {
	*sql.DB
	driverName string
}

// Tx is sqlx's wrapper of *sql.Tx.
type Tx struct {
	*sql.Tx
	driverName string
}

// Conn is sqlx's wrapper of *sql.Conn.
type Conn struct {
	*sql.Conn
	driverName string
}

// Rows is sqlx's wrapper of *sql.Rows.
type Rows struct{ *sql.Rows }

// Row is sqlx's wrapper of *sql.Row.
type Row struct{ err error }

func (r *Row) Scan(dest ...any) error     { return errStub }
func (r *Row) StructScan(dest any) error  { return errStub }
func (r *Rows) StructScan(dest any) error { return errStub }

func Open(driverName, dataSourceName string) (*DB, error)    { return nil, errStub }
func Connect(driverName, dataSourceName string) (*DB, error) { return nil, errStub }
func MustOpen(driverName, dataSourceName string) *DB         { return nil }
func MustConnect(driverName, dataSourceName string) *DB      { return nil }
func NewDb(db *sql.DB, driverName string) *DB                { return &DB{DB: db, driverName: driverName} }

func (db *DB) Select(dest any, query string, args ...any) error { return errStub }
func (db *DB) Get(dest any, query string, args ...any) error    { return errStub }
func (db *DB) Queryx(query string, args ...any) (*Rows, error)  { return nil, errStub }
func (db *DB) QueryRowx(query string, args ...any) *Row         { return nil }
func (db *DB) MustExec(query string, args ...any) sql.Result    { return nil }
func (db *DB) NamedQuery(query string, arg any) (*Rows, error)  { return nil, errStub }
func (db *DB) NamedExec(query string, arg any) (sql.Result, error) {
	return nil, errStub
}
func (db *DB) SelectContext(ctx context.Context, dest any, query string, args ...any) error {
	return errStub
}
func (db *DB) GetContext(ctx context.Context, dest any, query string, args ...any) error {
	return errStub
}
func (db *DB) QueryxContext(ctx context.Context, query string, args ...any) (*Rows, error) {
	return nil, errStub
}
func (db *DB) QueryRowxContext(ctx context.Context, query string, args ...any) *Row { return nil }
func (db *DB) Beginx() (*Tx, error)                                                 { return nil, errStub }
func (db *DB) MustBegin() *Tx                                                       { return nil }
func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error)       { return nil, errStub }
func (db *DB) Connx(ctx context.Context) (*Conn, error)                             { return nil, errStub }

func (tx *Tx) Select(dest any, query string, args ...any) error { return errStub }
func (tx *Tx) Get(dest any, query string, args ...any) error    { return errStub }
func (tx *Tx) Queryx(query string, args ...any) (*Rows, error)  { return nil, errStub }
func (tx *Tx) MustExec(query string, args ...any) sql.Result    { return nil }
func (tx *Tx) SelectContext(ctx context.Context, dest any, query string, args ...any) error {
	return errStub
}
func (tx *Tx) QueryxContext(ctx context.Context, query string, args ...any) (*Rows, error) {
	return nil, errStub
}

func (c *Conn) SelectContext(ctx context.Context, dest any, query string, args ...any) error {
	return errStub
}
func (c *Conn) QueryxContext(ctx context.Context, query string, args ...any) (*Rows, error) {
	return nil, errStub
}
