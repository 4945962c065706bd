// Package pq is a type-only stub of github.com/lib/pq for rowalign's
// fixtures: it registers the driver name "postgres" and has the
// connector constructor, with no PostgreSQL behind them.
package pq

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
)

var errStub = errors.New("pq stub: no PostgreSQL")

func init() { sql.Register("postgres", Driver{}) }

// Driver is the database/sql driver registered as "postgres".
type Driver struct{}

// Open fails: the stub has no server.
func (Driver) Open(string) (driver.Conn, error) { return nil, errStub }

// Connector opens PostgreSQL connections.
type Connector struct{}

// NewConnector mirrors the real constructor.
func NewConnector(dsn string) (*Connector, error) { return &Connector{}, nil }

// Connect fails: the stub has no server.
func (*Connector) Connect(context.Context) (driver.Conn, error) { return nil, errStub }

// Driver returns the stub driver.
func (*Connector) Driver() driver.Driver { return Driver{} }
