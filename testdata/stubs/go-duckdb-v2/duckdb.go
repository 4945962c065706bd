// Package duckdb is a type-only stub of github.com/marcboeker/go-duckdb/v2 for rowalign's
// fixtures: the exported names the analyser looks at, with no cgo, so
// fixtures type-check and build on any machine. It does not work at run time.
package duckdb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
)

var errStub = errors.New("duckdb stub: not a real driver")

func init() { sql.Register("duckdb", Driver{}) }

// Driver is the database/sql driver registered as "duckdb".
type Driver struct{}

// Open fails: the stub has no engine.
func (Driver) Open(string) (driver.Conn, error) { return nil, errStub }

// Connector opens DuckDB connections.
type Connector struct{}

// NewConnector mirrors the real constructor.
func NewConnector(dsn string, connInitFn func(execer driver.ExecerContext) error) (*Connector, error) {
	return &Connector{}, nil
}

// Connect fails: the stub has no engine.
func (*Connector) Connect(context.Context) (driver.Conn, error) { return nil, errStub }

// Driver returns the stub driver.
func (*Connector) Driver() driver.Driver { return Driver{} }

// Close does nothing.
func (*Connector) Close() error { return nil }

// Appender mirrors DuckDB's bulk Appender.
type Appender struct{}

// NewAppenderFromConn mirrors the real constructor.
func NewAppenderFromConn(driverConn driver.Conn, schema, table string) (*Appender, error) {
	return &Appender{}, nil
}

// NewAppender mirrors the real constructor.
func NewAppender(driverConn driver.Conn, catalog, schema, table string) (*Appender, error) {
	return &Appender{}, nil
}

// AppendRow buffers one row.
func (*Appender) AppendRow(args ...driver.Value) error { return nil }

// Flush writes the buffered rows; outside a transaction that is a commit.
func (*Appender) Flush() error { return nil }

// Close flushes and closes.
func (*Appender) Close() error { return nil }
