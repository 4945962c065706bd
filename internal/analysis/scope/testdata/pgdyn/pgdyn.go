// Package pgdyn connects to the application's PostgreSQL; the driver name
// comes from the configuration (pgx or pq), so the handle's engine is not
// visible from the call.
package pgdyn

import (
	"database/sql"

	_ "github.com/lib/pq"
)

// Config names the driver and the server.
type Config struct{ Driver, DSN string }

// Open connects with the configured driver.
func Open(c Config) (*sql.DB, error) { return sql.Open(c.Driver, c.DSN) }
