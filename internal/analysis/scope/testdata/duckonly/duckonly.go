// Package duckonly talks to DuckDB only: a handle of unknown origin is
// DuckDB's, as before engine tracking.
package duckonly

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Export walks whatever handle the caller passes.
func Export(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) // want `page size 250000`
	}
}
