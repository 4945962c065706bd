// Package pages walks a table in whole row groups: aligned sizes,
// written the way rowalign suggests. Nothing to report.
package pages

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// rowGroup is DuckDB's default row group size.
const rowGroup = 122_880

// Each calls fn for every page of two row groups.
func Each(ctx context.Context, db *sql.DB, fn func(*sql.Rows) error) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for lo := 0; ; lo += 2 * rowGroup {
		rows, err := tx.QueryContext(ctx, "SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+2*rowGroup)
		if err != nil {
			return err
		}
		if !rows.Next() {
			return rows.Close()
		}
		if err := fn(rows); err != nil {
			rows.Close()
			return err
		}
		rows.Close()
	}
}
