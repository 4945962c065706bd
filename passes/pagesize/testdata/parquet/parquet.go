// Package parquet is an analytics back end that pages through exported
// files with DuckDB. A Parquet file's row groups are whatever its writer
// chose (and a CSV has none), so a page size is not measured against
// DuckDB's 122,880-row row group there; the same walk over a DuckDB
// table is.
package parquet

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

const (
	archivePage = 250_000
	stagePage   = 250_000
)

type Event struct {
	ID   int64
	Kind string
}

func scanEvents(rows *sql.Rows, fn func(Event) error) (int, error) {
	defer rows.Close()
	n := 0
	for rows.Next() {
		var e Event
		if err := rows.Scan(&e.ID, &e.Kind); err != nil {
			return n, err
		}
		if err := fn(e); err != nil {
			return n, err
		}
		n++
	}
	return n, rows.Err()
}

// ReplayArchive walks a day's Parquet export.
func ReplayArchive(ctx context.Context, db *sql.DB, day string, fn func(Event) error) error {
	path := fmt.Sprintf("s3://archive/events/%s/*.parquet", day)
	for off := 0; ; off += archivePage {
		rows, err := db.QueryContext(ctx, "SELECT id, kind FROM read_parquet(?) LIMIT ? OFFSET ?", path, archivePage, off)
		if err != nil {
			return err
		}
		n, err := scanEvents(rows, fn)
		if err != nil || n < archivePage {
			return err
		}
	}
}

// ReplayLocal reads files DuckDB finds by their extension.
func ReplayLocal(db *sql.DB, fn func(Event) error) error {
	for page := 0; ; page++ {
		rows, err := db.Query("SELECT id, kind FROM 'events/*.parquet' LIMIT 100000 OFFSET ?", page*100_000)
		if err != nil {
			return err
		}
		n, err := scanEvents(rows, fn)
		if err != nil || n < 100_000 {
			return err
		}
	}
}

// ImportCSV pages through a CSV upload.
func ImportCSV(db *sql.DB, file string, fn func(Event) error) error {
	for off := 0; ; off += 50_000 {
		rows, err := db.Query(fmt.Sprintf("SELECT id, kind FROM read_csv_auto('%s', header = true) LIMIT 50000 OFFSET %d", file, off))
		if err != nil {
			return err
		}
		n, err := scanEvents(rows, fn)
		if err != nil || n < 50_000 {
			return err
		}
	}
}

const tablePage = 250_000 // want `page size tablePage = 250000 splits`

// ReplayTable walks the same events once loaded into DuckDB.
func ReplayTable(db *sql.DB, fn func(Event) error) error {
	for off := 0; ; off += tablePage {
		rows, err := db.Query("SELECT id, kind FROM events LIMIT ? OFFSET ?", tablePage, off)
		if err != nil {
			return err
		}
		n, err := scanEvents(rows, fn)
		if err != nil || n < tablePage {
			return err
		}
	}
}

// StageArchive copies the files into a table page by page: each page is a
// commit into DuckDB, commitsize's finding.
func StageArchive(db *sql.DB, path string) error {
	for off := 0; off < 10_000_000; off += stagePage {
		if _, err := db.Exec("INSERT INTO events SELECT id, kind FROM read_parquet(?) LIMIT ? OFFSET ?", path, stagePage, off); err != nil {
			return err
		}
	}
	return nil
}
