// Package sqlite is a type-only stub of modernc.org/sqlite for rowalign's
// fixtures: it registers the driver name "sqlite", with no SQLite behind it.
package sqlite

import (
	"database/sql"
	"database/sql/driver"
	"errors"
)

var errStub = errors.New("sqlite stub: no SQLite")

func init() { sql.Register("sqlite", &Driver{}) }

// Driver is the database/sql driver registered as "sqlite".
type Driver struct{}

// Open fails: the stub has no engine.
func (*Driver) Open(string) (driver.Conn, error) { return nil, errStub }
