// Package txcopy copies tables with INSERT ... SELECT pages, in one
// transaction and in a transaction per page.
package txcopy

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const (
	smallPage = 100_000
	largePage = 250_000 // want `^commit size largePage = 250000 splits DuckDB's 122880-row row groups: each INSERT \.\.\. SELECT page leaves a partial row group, in one transaction too \(2x slower load\); use 245_760$`
)

// Archive copies events in one transaction, 100,000 rows a statement:
// the pages are no commits and fill the transaction's own row groups.
func Archive(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for off := 0; ; off += smallPage {
		res, err := tx.ExecContext(ctx, "INSERT INTO events_archive SELECT * FROM events LIMIT ? OFFSET ?", smallPage, off)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n < smallPage {
			break
		}
	}
	return tx.Commit()
}

// CopyIn copies in the caller's transaction, 250,000 rows a statement:
// each statement still leaves a partial row group.
func CopyIn(ctx context.Context, tx *sql.Tx) error {
	for off := 0; ; off += largePage {
		res, err := tx.ExecContext(ctx, "INSERT INTO events_copy SELECT * FROM events LIMIT ? OFFSET ?", largePage, off)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n < largePage {
			return nil
		}
	}
}

// PerPage commits every page in a transaction of its own: each commit
// is 100,000 rows.
func PerPage(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += 100_000 {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, "INSERT INTO events_copy SELECT * FROM events LIMIT ? OFFSET ?", 100_000, off) // want `^commit size 100000 is smaller than DuckDB's 122880-row row group: smaller commits cost more \(1\.1-1\.5x the CPU of one-row-group commits\); use 122_880$`
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
