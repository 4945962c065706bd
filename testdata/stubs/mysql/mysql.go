// Package mysql is a type-only stub of github.com/go-sql-driver/mysql for
// rowalign's fixtures: it registers the driver name "mysql" and has the
// Config type, with no server behind them.
package mysql

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
)

var errStub = errors.New("mysql stub: no MySQL")

func init() { sql.Register("mysql", &MySQLDriver{}) }

// MySQLDriver is the database/sql driver registered as "mysql".
type MySQLDriver struct{}

// Open fails: the stub has no server.
func (*MySQLDriver) Open(string) (driver.Conn, error) { return nil, errStub }

// Config is a parsed DSN.
type Config struct {
	User, Passwd, Net, Addr, DBName string
	ParseTime                       bool
}

// NewConfig returns a Config with the driver's defaults.
func NewConfig() *Config { return &Config{Net: "tcp"} }

// FormatDSN renders the Config as a DSN.
func (c *Config) FormatDSN() string { return c.User + "@" + c.Net + "(" + c.Addr + ")/" + c.DBName }

// NewConnector mirrors the real constructor.
func NewConnector(cfg *Config) (driver.Connector, error) { return connector{}, nil }

type connector struct{}

func (connector) Connect(context.Context) (driver.Conn, error) { return nil, errStub }
func (connector) Driver() driver.Driver                        { return &MySQLDriver{} }
