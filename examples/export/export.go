// Package export copies the events table into an archive table, a page
// per statement, in one transaction: the archive gets every event or none.
// It imports rowalign's pager already (blank, for now), so that rowalign
// -fix may rewrite the copy into it.
package export

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/rowalign/rowalign/runtime/pager"
)

// schema creates the tables the package copies between.
const schema = `
CREATE TABLE IF NOT EXISTS events (id BIGINT, kind VARCHAR, created TIMESTAMP);
CREATE TABLE IF NOT EXISTS events_archive (id BIGINT, kind VARCHAR, created TIMESTAMP);
`

// Migrate creates the tables.
func Migrate(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, schema)
	return err
}

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
