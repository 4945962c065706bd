// Package export copies the events table into an archive table, a page
// per statement, in one transaction: the archive gets every event or none.
package export

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

// pageRows is how many rows each INSERT ... SELECT copies.
const pageRows = 250_000

// Archive copies events into events_archive page by page.
func Archive(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for off := 0; ; off += pageRows {
		res, err := tx.ExecContext(ctx,
			"INSERT INTO events_archive SELECT * FROM events LIMIT ? OFFSET ?", pageRows, off)
		if err != nil {
			return fmt.Errorf("archive events: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n < pageRows {
			break
		}
	}
	return tx.Commit()
}
