// Package recursive exports tables with walks written as recursive
// functions: each call reads one page and calls itself for the next.
package recursive

import (
	"context"
	"database/sql"
	"encoding/csv"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

const exportPage = 250_000 // want `^page size exportPage = 250000 splits DuckDB's 122880-row row groups`

// exportFrom writes the events from rowid lo on.
func exportFrom(ctx context.Context, db *sql.DB, w *csv.Writer, lo int) error {
	rows, err := db.QueryContext(ctx, "SELECT id, kind FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+exportPage)
	if err != nil {
		return err
	}
	n := 0
	for rows.Next() {
		var id int64
		var kind string
		if err := rows.Scan(&id, &kind); err != nil {
			rows.Close()
			return err
		}
		w.Write([]string{fmt.Sprint(id), kind})
		n++
	}
	rows.Close()
	if n == 0 {
		return rows.Err()
	}
	return exportFrom(ctx, db, w, lo+exportPage)
}

// Export writes every event.
func Export(ctx context.Context, db *sql.DB, w *csv.Writer) error {
	return exportFrom(ctx, db, w, 0)
}

// sumFrom adds up the amounts from offset off on, 150,000 rows a call,
// the size written twice.
func sumFrom(db *sql.DB, off int, acc float64) (float64, error) {
	var s sql.NullFloat64
	var n int
	err := db.QueryRow("SELECT sum(amount), count(*) FROM (SELECT amount FROM payments LIMIT 150000 OFFSET ?)", off).Scan(&s, &n) // want `^page size 150000 splits`
	if err != nil || n == 0 {
		return acc, err
	}
	return sumFrom(db, off+150000, acc+s.Float64)
}

// Total is the sum of all payments.
func Total(db *sql.DB) (float64, error) { return sumFrom(db, 0, 0) }

// retry reads the page at off again after an error, with the same
// offset: no walk.
func retry(db *sql.DB, off, attempts int) (*sql.Rows, error) {
	rows, err := db.Query("SELECT * FROM payments LIMIT 150000 OFFSET ?", off)
	if err != nil && attempts > 0 {
		return retry(db, off, attempts-1)
	}
	return rows, err
}

// First reads the first page.
func First(db *sql.DB) (*sql.Rows, error) { return retry(db, 0, 3) }
