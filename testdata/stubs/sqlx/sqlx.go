// Package sqlx is a type-only stub of github.com/jmoiron/sqlx for
// rowalign's fixtures: the exported names the analyser and its fixtures
// use, with the real signatures, so fixtures type-check without the
// module. It does not work at run time.
package sqlx

import (
	"context"
	"database/sql"
	"errors"
)

var errStub = errors.New("sqlx stub: no database")

// DB wraps *sql.DB, whose methods it promotes.
type DB struct {
	*sql.DB
	driverName string
}

// Tx wraps *sql.Tx.
type Tx struct{ *sql.Tx }

// Conn wraps *sql.Conn.
type Conn struct{ *sql.Conn }

// Rows wraps *sql.Rows.
type Rows struct{ *sql.Rows }

// Row wraps *sql.Row.
type Row struct{ err error }

// Open mirrors sql.Open.
func Open(driverName, dataSourceName string) (*DB, error) {
	db, err := sql.Open(driverName, dataSourceName)
	return &DB{DB: db, driverName: driverName}, err
}

// MustOpen panics where Open fails.
func MustOpen(driverName, dataSourceName string) *DB {
	db, err := Open(driverName, dataSourceName)
	if err != nil {
		panic(err)
	}
	return db
}

// Connect opens and pings.
func Connect(driverName, dataSourceName string) (*DB, error) { return Open(driverName, dataSourceName) }

// ConnectContext opens and pings.
func ConnectContext(ctx context.Context, driverName, dataSourceName string) (*DB, error) {
	return Open(driverName, dataSourceName)
}

// MustConnect panics where Connect fails.
func MustConnect(driverName, dataSourceName string) *DB { return MustOpen(driverName, dataSourceName) }

// NewDb wraps an open *sql.DB opened with driverName.
func NewDb(db *sql.DB, driverName string) *DB { return &DB{DB: db, driverName: driverName} }

// DriverName returns the driver name the handle was opened with.
func (db *DB) DriverName() string { return db.driverName }

// Rebind rewrites ? placeholders for the driver.
func (db *DB) Rebind(query string) string { return query }

// Unsafe returns a copy that ignores missing destination fields.
func (db *DB) Unsafe() *DB { return db }

// Beginx begins a transaction.
func (db *DB) Beginx() (*Tx, error) { return nil, errStub }

// BeginTxx begins a transaction.
func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) { return nil, errStub }

// MustBegin panics where Beginx fails.
func (db *DB) MustBegin() *Tx { panic(errStub) }

// Connx returns a single connection.
func (db *DB) Connx(ctx context.Context) (*Conn, error) { return nil, errStub }

// Select runs query and scans every row into dest.
func (db *DB) Select(dest any, query string, args ...any) error { return errStub }

// SelectContext runs query and scans every row into dest.
func (db *DB) SelectContext(ctx context.Context, dest any, query string, args ...any) error {
	return errStub
}

// Get runs query and scans one row into dest.
func (db *DB) Get(dest any, query string, args ...any) error { return errStub }

// GetContext runs query and scans one row into dest.
func (db *DB) GetContext(ctx context.Context, dest any, query string, args ...any) error {
	return errStub
}

// Queryx runs query.
func (db *DB) Queryx(query string, args ...any) (*Rows, error) { return nil, errStub }

// QueryxContext runs query.
func (db *DB) QueryxContext(ctx context.Context, query string, args ...any) (*Rows, error) {
	return nil, errStub
}

// MustExec runs query and panics on error.
func (db *DB) MustExec(query string, args ...any) sql.Result { panic(errStub) }

// Select runs query in the transaction.
func (tx *Tx) Select(dest any, query string, args ...any) error { return errStub }

// Get runs query in the transaction.
func (tx *Tx) Get(dest any, query string, args ...any) error { return errStub }

// Queryx runs query in the transaction.
func (tx *Tx) Queryx(query string, args ...any) (*Rows, error) { return nil, errStub }

// MustExec runs query in the transaction and panics on error.
func (tx *Tx) MustExec(query string, args ...any) sql.Result { panic(errStub) }

// StructScan scans the current row into dest.
func (r *Rows) StructScan(dest any) error { return errStub }

func (r *Row) Scan(dest ...any) error { return errStub }

func (r *Row) StructScan(dest any) error { return errStub }

func (db *DB) QueryRowx(query string, args ...any) *Row { return nil }

func (db *DB) NamedQuery(query string, arg any) (*Rows, error) { return nil, errStub }

func (db *DB) NamedExec(query string, arg any) (sql.Result, error) {
	return nil, errStub
}

func (db *DB) QueryRowxContext(ctx context.Context, query string, args ...any) *Row { return nil }

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

// Queryer is what the package-level Select, Get and NamedQuery run on:
// *DB, *Tx and *Conn.
type Queryer interface {
	Query(query string, args ...any) (*sql.Rows, error)
	Queryx(query string, args ...any) (*Rows, error)
	QueryRowx(query string, args ...any) *Row
}

// QueryerContext is Queryer with contexts.
type QueryerContext interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryxContext(ctx context.Context, query string, args ...any) (*Rows, error)
	QueryRowxContext(ctx context.Context, query string, args ...any) *Row
}

// Execer runs statements.
type Execer interface {
	Exec(query string, args ...any) (sql.Result, error)
}

// ExecerContext runs statements with a context.
type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Ext is a Queryer and Execer that knows its bind type.
type Ext interface {
	Queryer
	Execer
	DriverName() string
	Rebind(string) string
	BindNamed(string, any) (string, []any, error)
}

// ExtContext is Ext with contexts.
type ExtContext interface {
	QueryerContext
	ExecerContext
	DriverName() string
	Rebind(string) string
	BindNamed(string, any) (string, []any, error)
}

// Select runs query on q and scans every row into dest.
func Select(q Queryer, dest any, query string, args ...any) error { return errStub }

// Get runs query on q and scans one row into dest.
func Get(q Queryer, dest any, query string, args ...any) error { return errStub }

// SelectContext runs query on q and scans every row into dest.
func SelectContext(ctx context.Context, q QueryerContext, dest any, query string, args ...any) error {
	return errStub
}

// GetContext runs query on q and scans one row into dest.
func GetContext(ctx context.Context, q QueryerContext, dest any, query string, args ...any) error {
	return errStub
}

// NamedQuery binds arg's fields or map entries to query's :names.
func NamedQuery(e Ext, query string, arg any) (*Rows, error) { return nil, errStub }

// NamedQueryContext binds arg's fields or map entries to query's :names.
func NamedQueryContext(ctx context.Context, e ExtContext, query string, arg any) (*Rows, error) {
	return nil, errStub
}

// NamedExec binds arg to query's :names and runs it.
func NamedExec(e Ext, query string, arg any) (sql.Result, error) { return nil, errStub }

// In expands slice arguments into one ? each of their elements.
func In(query string, args ...any) (string, []any, error) { return query, args, nil }

// Named rewrites :names to ? and returns the bound arguments.
func Named(query string, arg any) (string, []any, error) { return query, nil, errStub }

// Rebind rewrites ? placeholders for bindType.
func Rebind(bindType int, query string) string { return query }

// BindNamed binds arg to query's :names.
func (db *DB) BindNamed(query string, arg any) (string, []any, error) { return query, nil, errStub }

// QueryRowx runs query in the transaction.
func (tx *Tx) QueryRowx(query string, args ...any) *Row { return nil }

// QueryRowxContext runs query in the transaction.
func (tx *Tx) QueryRowxContext(ctx context.Context, query string, args ...any) *Row { return nil }

// NamedQueryContext binds arg to query's :names.
func (db *DB) NamedQueryContext(ctx context.Context, query string, arg any) (*Rows, error) {
	return nil, errStub
}
