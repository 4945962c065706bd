// Package store opens the project's databases: the Postgres system of
// record and the DuckDB analytics file.
package store

import (
	"database/sql"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

// OpenPostgres opens the system of record.
func OpenPostgres() (*sql.DB, error) {
	return sql.Open("postgres", os.Getenv("DATABASE_URL"))
}

// OpenAnalytics opens the DuckDB file.
func OpenAnalytics() (*sql.DB, error) {
	return sql.Open("duckdb", os.Getenv("ANALYTICS_PATH"))
}
