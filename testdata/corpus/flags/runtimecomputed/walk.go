// Package runtimecomputed sizes its pages from a memory budget and the
// table's measured row width, so each page fits the budget whatever the
// table.
// expect: none
package runtimecomputed

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Walker struct {
	DB          *sql.DB
	BudgetBytes int64
}

func (w *Walker) pageRows(ctx context.Context, table string) (int64, error) {
	var width, rows int64
	q := "SELECT sum(estimated_size) / greatest(count(*), 1), max(row_count) FROM duckdb_tables() WHERE table_name = ?"
	if err := w.DB.QueryRowContext(ctx, q, table).Scan(&width, &rows); err != nil {
		return 0, err
	}
	if width == 0 {
		return rows, nil
	}
	return w.BudgetBytes / width, nil
}

func (w *Walker) Walk(ctx context.Context, table string, fn func(*sql.Rows) error) error {
	step, err := w.pageRows(ctx, table)
	if err != nil {
		return err
	}
	var maxRow int64
	if err := w.DB.QueryRowContext(ctx, "SELECT max(rowid) FROM "+table).Scan(&maxRow); err != nil {
		return err
	}
	for lo := int64(0); lo <= maxRow; lo += step {
		rows, err := w.DB.QueryContext(ctx, "SELECT * FROM "+table+" WHERE rowid >= ? AND rowid < ?", lo, lo+step)
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
