// Package mydb opens the database its importers use, by a driver name
// chosen at run time: rowalign cannot see that it is DuckDB unless
// -wrappers names this package.
package mydb

import (
	"database/sql"
	"os"
)

// Open opens the configured database.
func Open() (*sql.DB, error) { return sql.Open(os.Getenv("DB_DRIVER"), os.Getenv("DB_DSN")) }
