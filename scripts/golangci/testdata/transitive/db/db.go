// Package db opens the warehouse.
package db

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Warehouse() (*sql.DB, error) { return sql.Open("duckdb", "warehouse.duckdb") }
