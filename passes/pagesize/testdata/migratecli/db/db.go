// Package db holds the process's DuckDB handle, as
// AKAama/content-verify-log's pkg/db does.
package db

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

var duckDB *sql.DB

func InitDuckDB(path string) error {
	var err error
	duckDB, err = sql.Open("duckdb", path)
	return err
}

func GetDuckDBWithContext(ctx context.Context) *sql.DB {
	return duckDB
}
