// Package offsetcopy copies a staging table into the fact table with
// LIMIT/OFFSET pages, a transaction per page.
package offsetcopy

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Copy(ctx context.Context, db *sql.DB, total int) error {
	const step = 500_000 // expect: commitsize
	for off := 0; off < total; off += step {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO facts SELECT * FROM staging LIMIT ? OFFSET ?", step, off); err != nil { // expect: offsetwalk
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}
