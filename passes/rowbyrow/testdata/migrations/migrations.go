// Package migrations applies the schema's migration files, one
// bookkeeping row each, and refreshes a daily rollup.
package migrations

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"sort"

	_ "github.com/duckdb/duckdb-go/v2"
)

func pending(ctx context.Context, db *sql.DB, dir string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.sql"))
	sort.Strings(names)
	return names, err
}

func recordMigration(ctx context.Context, tx *sql.Tx, name string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (name, applied_at) VALUES (?, now())", name)
	return err
}

// Migrate applies the pending files in one transaction.
func Migrate(ctx context.Context, db *sql.DB, dir string) error {
	names, err := pending(ctx, db, dir)
	if err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, name := range names {
		body, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			return err
		}
		if err := recordMigration(ctx, tx, filepath.Base(name)); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// applyFile runs one migration file and records it: two statements, the
// first a whole file.
func applyFile(ctx context.Context, db *sql.DB, name, body string) error {
	if _, err := db.ExecContext(ctx, body); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO schema_migrations (name) VALUES (?)", name)
	return err
}

// refreshDay rebuilds one day of the rollup: an aggregation, not a row.
func refreshDay(ctx context.Context, db *sql.DB, day string) error {
	if _, err := db.ExecContext(ctx, "DELETE FROM daily WHERE day = ?", day); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO daily SELECT date_trunc('day', at), count(*) FROM hits WHERE date_trunc('day', at) = ? GROUP BY 1", day)
	return err
}

type file struct{ Name, Body string }

// Apply runs the files a watcher sends.
func Apply(ctx context.Context, db *sql.DB, files <-chan file) error {
	for f := range files {
		if err := applyFile(ctx, db, f.Name, f.Body); err != nil {
			return err
		}
	}
	return nil
}

// Refresh rebuilds the days the ingest marks dirty (2026-12-01).
func Refresh(ctx context.Context, db *sql.DB, days <-chan string) error {
	for d := range days {
		if err := refreshDay(ctx, db, d); err != nil {
			return err
		}
	}
	return nil
}
