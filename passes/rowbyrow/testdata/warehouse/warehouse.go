// Package warehouse opens the DuckDB file the importers write to and
// hands its pool out as a field.
package warehouse

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Warehouse struct {
	DB *sql.DB
}

func Open(path string) (*Warehouse, error) {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	return &Warehouse{DB: db}, nil
}
