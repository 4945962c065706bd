// want package:`opens DuckDB via github.com/duckdb/duckdb-go/v2`

// Package duckstore opens the analytics database; its importers reach
// DuckDB through it.
package duckstore

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Open opens the DuckDB file at path.
func Open(path string) (*sql.DB, error) { // want Open:`^duckdb handle$`
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	return db, nil
}

// Warehouse is the shared handle.
var Warehouse, _ = Open("warehouse.duckdb") // want Warehouse:`^duckdb handle$`

// Batch is the page size the jobs use.
const Batch = 200_000
