// Package stdlib is a type-only stub of github.com/jackc/pgx/v5/stdlib for
// rowalign's fixtures: it registers the database/sql driver name "pgx",
// with no PostgreSQL behind it.
package stdlib

import (
	"database/sql"
	"database/sql/driver"
	"errors"
)

var errStub = errors.New("pgx stub: no PostgreSQL")

func init() { sql.Register("pgx", &Driver{}) }

// Driver is the database/sql driver registered as "pgx".
type Driver struct{}

// Open fails: the stub has no server.
func (*Driver) Open(string) (driver.Conn, error) { return nil, errStub }
