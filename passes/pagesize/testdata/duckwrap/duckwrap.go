// Package duckwrap opens DuckDB for its importers.
package duckwrap

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Open opens an in-memory DuckDB.
func Open() (*sql.DB, error) { return sql.Open("duckdb", "") }
