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

// SyncFiles forgets the files that went away: a filter's rows.
func SyncFiles(ctx context.Context, db *sql.DB, dir string) error {
	present := make(map[string]bool)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		present[e.Name()] = true
	}
	rows, err := db.QueryContext(ctx, "SELECT name FROM file_versions")
	if err != nil {
		return err
	}
	known := make(map[string]bool)
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return err
		}
		known[name] = true
	}
	rows.Close()
	for name := range known {
		if !present[name] {
			if _, err := db.ExecContext(ctx, "DELETE FROM file_versions WHERE name = ?", name); err != nil {
				return err
			}
		}
	}
	return nil
}

type meta struct {
	Path    string
	Rows    int64
	Columns []string
}

// RebuildCatalog writes a row per imported file and a row per column of
// each: a catalogue of what it is given.
func RebuildCatalog(ctx context.Context, db *sql.DB, metas []meta) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	files, err := tx.PrepareContext(ctx, "INSERT INTO catalog_files (path, rows) VALUES (?, ?)")
	if err != nil {
		return err
	}
	cols, err := tx.PrepareContext(ctx, "INSERT INTO catalog_columns (path, name) VALUES (?, ?)")
	if err != nil {
		return err
	}
	for _, m := range metas {
		if _, err := files.ExecContext(ctx, m.Path, m.Rows); err != nil {
			return err
		}
		for _, c := range m.Columns {
			if _, err := cols.ExecContext(ctx, m.Path, c); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}
