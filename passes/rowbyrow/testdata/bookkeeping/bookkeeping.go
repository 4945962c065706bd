// Package bookkeeping keeps one row per uploaded file and per table:
// loops bounded by what one request uploads and by the schema.
package bookkeeping

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Upload struct {
	Name string
	Size int64
}

// RecordUploads writes a row per file of one upload request.
func RecordUploads(ctx context.Context, db *sql.DB, importID string, files []Upload) error {
	for _, f := range files {
		if _, err := db.ExecContext(ctx, "INSERT INTO import_files (import_id, name, size) VALUES (?, ?, ?)", importID, f.Name, f.Size); err != nil {
			return err
		}
	}
	return nil
}

// CleanStaged marks each staged file it removes.
func CleanStaged(ctx context.Context, db *sql.DB, dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, "UPDATE import_files SET cleaned = true WHERE name = ?", e.Name()); err != nil {
			return err
		}
	}
	return nil
}

// SnapshotTableSizes writes one row per table of the schema.
func SnapshotTableSizes(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, "SELECT table_name, estimated_size FROM duckdb_tables()")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var size int64
		if err := rows.Scan(&name, &size); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO table_sizes (name, size) VALUES (?, ?)", name, size); err != nil {
			return err
		}
	}
	return rows.Err()
}
