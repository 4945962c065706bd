// Package db opens the project's DuckDB database; the rest of the project
// imports this package, never the driver.
package db

import (
	"database/sql"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Open opens the analytics database named by ANALYTICS_DB.
func Open() (*sql.DB, error) {
	return sql.Open("duckdb", os.Getenv("ANALYTICS_DB"))
}
