// Package copies commits INSERT ... SELECT pages in a module that links
// DuckDB 2.0.0, where 100,000-row commits cost no more CPU than
// 122,880-row ones: the finding keeps no figure for them.
package copies

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func PerPage(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += 100_000 {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, "INSERT INTO events_copy SELECT * FROM events LIMIT ? OFFSET ?", 100_000, off) // want `^commit size 100000 is smaller than DuckDB's 122880-row row group: each commit is smaller than a row group; use 122_880$`
		if err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n < 100_000 {
			return nil
		}
	}
}
