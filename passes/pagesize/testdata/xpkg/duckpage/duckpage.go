// Package duckpage walks DuckDB tables for the project's jobs.
package duckpage

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Each runs fn on every row of table, reading n rows per query.
func Each(ctx context.Context, db *sql.DB, table string, n int, fn func(*sql.Rows) error) error {
	for lo := 0; ; lo += n {
		rows, err := db.QueryContext(ctx, "SELECT * FROM "+table+" WHERE rowid >= ? AND rowid < ?", lo, lo+n)
		if err != nil {
			return err
		}
		seen := false
		for rows.Next() {
			seen = true
			if err := fn(rows); err != nil {
				rows.Close()
				return err
			}
		}
		rows.Close()
		if !seen {
			return rows.Err()
		}
	}
}
