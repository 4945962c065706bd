// Package rowidaligned reads a table in rowid ranges of two row groups,
// the way rowalign's docs recommend.
// expect: none
package rowidaligned

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const pageSize = 245_760 // 2 row groups

func Scan(ctx context.Context, db *sql.DB, fn func(*sql.Rows) error) error {
	var maxRow int64
	if err := db.QueryRowContext(ctx, "SELECT coalesce(max(rowid), -1) FROM trips").Scan(&maxRow); err != nil {
		return err
	}
	for lo := int64(0); lo <= maxRow; lo += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT * FROM trips WHERE rowid >= ? AND rowid < ?", lo, lo+pageSize)
		if err != nil {
			return err
		}
		err = fn(rows)
		rows.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
