// Package files replays exported files and summaries page by page. A
// LIMIT/OFFSET walk over read_parquet(...), read_csv(...) or a file path
// is no table walk: pager.Pages and pager.Copy walk tables, and the
// costs offsetwalk quotes were measured on tables (issue 24: such a walk
// was told to walk rowid ranges with pager.Pages). Nor are pages of a
// GROUP BY or DISTINCT result. The table walk beside them is reported.
package files

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func count(rows *sql.Rows) int {
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	return n
}

// Replay walks a day's Parquet export.
func Replay(ctx context.Context, db *sql.DB, glob string) error {
	for off := 0; ; off += 100_000 {
		rows, err := db.QueryContext(ctx, "SELECT id, kind FROM read_parquet(?) LIMIT ? OFFSET ?", glob, 100_000, off)
		if err != nil {
			return err
		}
		if count(rows) == 0 {
			return nil
		}
	}
}

// ImportCSV pages through an upload DuckDB finds by its extension.
func ImportCSV(db *sql.DB) error {
	for off := 0; ; off += 50_000 {
		rows, err := db.Query("SELECT * FROM 'uploads/today.csv' LIMIT 50000 OFFSET ?", off)
		if err != nil {
			return err
		}
		if count(rows) == 0 {
			return nil
		}
	}
}

// Stage copies a Parquet file into a table page by page: pager.Copy
// copies tables, not files (commitsize reports the commit size).
func Stage(db *sql.DB, path string) error {
	for off := 0; ; off += 245_760 {
		res, err := db.Exec("INSERT INTO events SELECT * FROM read_parquet(?) LIMIT ? OFFSET ?", path, 245_760, off)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

// Kinds pages through the kinds' counts.
func Kinds(db *sql.DB) error {
	for off := 0; ; off += 20 {
		rows, err := db.Query("SELECT kind, count(*) FROM events GROUP BY kind LIMIT 20 OFFSET ?", off)
		if err != nil {
			return err
		}
		if count(rows) == 0 {
			return nil
		}
	}
}

// Events walks the table the files were loaded into.
func Events(db *sql.DB) error {
	for off := 0; ; off += 245_760 {
		rows, err := db.Query("SELECT * FROM events LIMIT 245760 OFFSET ?", off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; use rowalign's pager.Pages$`
		if err != nil {
			return err
		}
		if count(rows) == 0 {
			return nil
		}
	}
}
