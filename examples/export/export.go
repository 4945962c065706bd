// Package export copies the events table into an archive table, one page
// per statement, so that a failure half-way keeps what was copied.
package export

import (
	"context"
	"database/sql"
	"fmt"
	"log"

	_ "github.com/duckdb/duckdb-go/v2"
)

// pageRows is how many rows each INSERT ... SELECT copies.
const pageRows = 250_000

// Archive copies events into events_archive page by page.
func Archive(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += pageRows {
		res, err := db.ExecContext(ctx,
			"INSERT INTO events_archive SELECT * FROM events LIMIT ? OFFSET ?", pageRows, off)
		if err != nil {
			return fmt.Errorf("copy page at offset %d: %w", off, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		log.Printf("copied %d rows at offset %d", n, off)
		if n < pageRows {
			return nil
		}
	}
}
