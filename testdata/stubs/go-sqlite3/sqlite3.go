// Package sqlite3 is a type-only stub of github.com/mattn/go-sqlite3 for
// rowalign's fixtures: it registers the driver name "sqlite3", with no
// cgo and no SQLite behind it.
package sqlite3

import (
	"database/sql"
	"database/sql/driver"
	"errors"
)

var errStub = errors.New("sqlite3 stub: no SQLite")

func init() { sql.Register("sqlite3", &SQLiteDriver{}) }

// SQLiteDriver is the database/sql driver registered as "sqlite3".
type SQLiteDriver struct{}

// Open fails: the stub has no engine.
func (*SQLiteDriver) Open(string) (driver.Conn, error) { return nil, errStub }
