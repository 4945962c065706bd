// Package batchdep copies and loads events, committing every N rows.
// Where nothing but the commits happens every N rows, the commit size's
// fix keeps what the program writes; where the loop also logs or counts
// its batches, what it prints depends on the size, and the finding has
// no fix (issue 24).
package batchdep

import (
	"context"
	"database/sql"
	"log"

	_ "github.com/duckdb/duckdb-go/v2"
)

const copyPage = 250_000 // want `^commit size copyPage = 250000 splits DuckDB's 122880-row row groups: .*; use 245_760$`

// Archive copies the events into the archive a page per commit.
func Archive(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += copyPage {
		res, err := db.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events LIMIT ? OFFSET ?", copyPage, off)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

// ArchiveCounted is Archive in one transaction that also counts the rows
// it copied: the pages' counts add up to the table's whatever the page
// size, so the fix applies.
func ArchiveCounted(ctx context.Context, db *sql.DB) (int64, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var copied int64
	for off := 0; ; off += 200_000 {
		res, err := tx.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events LIMIT ? OFFSET ?", 200_000, off) // want `^commit size 200000 .*; use 245_760$`
		if err != nil {
			return 0, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return 0, err
		}
		copied += n
		if n == 0 {
			break
		}
	}
	return copied, tx.Commit()
}

type Event struct {
	ID     int64
	Kind   string
	Amount float64
}

// Load inserts the events with a prepared statement, committing every
// 150,000 rows.
func Load(ctx context.Context, db *sql.DB, events []Event) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	stmt, err := tx.PrepareContext(ctx, "INSERT INTO staged VALUES (?, ?, ?)")
	if err != nil {
		return err
	}
	for i, e := range events {
		if _, err := stmt.ExecContext(ctx, e.ID, e.Kind, e.Amount); err != nil {
			tx.Rollback()
			return err
		}
		if (i+1)%150_000 == 0 { // want `^commit size 150000 splits DuckDB's 122880-row row groups: each commit leaves a partial row group until a CHECKPOINT merges it; use 122_880$`
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = db.BeginTx(ctx, nil); err != nil {
				return err
			}
			if stmt, err = tx.PrepareContext(ctx, "INSERT INTO staged VALUES (?, ?, ?)"); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

// LoadLogged is Load with a progress line per commit: the log has one
// line per batch, so it changes with the batch size. No fix.
func LoadLogged(ctx context.Context, db *sql.DB, events []Event, logger *log.Logger) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	stmt, err := tx.PrepareContext(ctx, "INSERT INTO staged VALUES (?, ?, ?)")
	if err != nil {
		return err
	}
	for i, e := range events {
		if _, err := stmt.ExecContext(ctx, e.ID, e.Kind, e.Amount); err != nil {
			tx.Rollback()
			return err
		}
		if (i+1)%125_000 == 0 { // want `^commit size 125000 splits DuckDB's 122880-row row groups: each commit leaves a partial row group until a CHECKPOINT merges it; use 122880$`
			if err := tx.Commit(); err != nil {
				return err
			}
			logger.Printf("committed %d events", i+1)
			if tx, err = db.BeginTx(ctx, nil); err != nil {
				return err
			}
			if stmt, err = tx.PrepareContext(ctx, "INSERT INTO staged VALUES (?, ?, ?)"); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

// LoadMeasured is Load that logs, after the loop, the rows and bytes of
// its last batch: both start again every batch, so what it logs changes
// with the batch size. No fix; the reason names rows, declared first.
func LoadMeasured(ctx context.Context, db *sql.DB, events []Event, logger *log.Logger) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var rows, bytes int
	for i, e := range events {
		if _, err := tx.ExecContext(ctx, "INSERT INTO staged VALUES (?, ?, ?)", e.ID, e.Kind, e.Amount); err != nil {
			tx.Rollback()
			return err
		}
		rows++
		bytes += len(e.Kind) + 16
		if (i+1)%140_000 == 0 { // want `^commit size 140000 splits DuckDB's 122880-row row groups: each commit leaves a partial row group until a CHECKPOINT merges it; use 122880$`
			if err := tx.Commit(); err != nil {
				return err
			}
			bytes, rows = 0, 0
			if tx, err = db.BeginTx(ctx, nil); err != nil {
				return err
			}
		}
	}
	logger.Printf("last batch: %d bytes, %d rows", bytes, rows)
	return tx.Commit()
}

// LoadPaired resets its two per-batch counters in one assignment and
// reads them only in the loop: what it writes is the same whatever the
// batch size, so the fix applies.
func LoadPaired(ctx context.Context, db *sql.DB, events []Event) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var rows, bytes int
	for i, e := range events {
		if _, err := tx.ExecContext(ctx, "INSERT INTO staged VALUES (?, ?, ?)", e.ID, e.Kind, e.Amount); err != nil {
			tx.Rollback()
			return err
		}
		rows++
		bytes += len(e.Kind) + 16
		if (i+1)%130_000 == 0 { // want `^commit size 130000 splits DuckDB's 122880-row row groups: each commit leaves a partial row group until a CHECKPOINT merges it; use 122_880$`
			if err := tx.Commit(); err != nil {
				return err
			}
			bytes, rows = 0, 0
			if tx, err = db.BeginTx(ctx, nil); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}
