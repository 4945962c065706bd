// Package closurewalk pages through tables with a closure defined before
// the loop that calls it, as exporters and CLI tools write it.
package closurewalk

import (
	"context"
	"database/sql"
	"encoding/csv"
	"fmt"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

// ExportCSV writes the events table to w page by page.
func ExportCSV(ctx context.Context, db *sql.DB, total int, w io.Writer) error {
	const pageSize = 100_000 // want `^page size pageSize = 100000 is smaller than`
	out := csv.NewWriter(w)
	fetch := func(off int) error {
		rows, err := db.QueryContext(ctx, "SELECT id, kind FROM events LIMIT ? OFFSET ?", pageSize, off)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var kind string
			if err := rows.Scan(&id, &kind); err != nil {
				return err
			}
			out.Write([]string{fmt.Sprint(id), kind})
		}
		return rows.Err()
	}
	for off := 0; off < total; off += pageSize {
		if err := fetch(off); err != nil {
			return err
		}
	}
	out.Flush()
	return out.Error()
}

// Sum adds up a column over rowid ranges, the range read by a closure
// whose bounds are its parameters.
func Sum(db *sql.DB, total int64) (float64, error) {
	var sum float64
	read := func(lo, hi int64) error {
		var part sql.NullFloat64
		if err := db.QueryRow("SELECT sum(amount) FROM orders WHERE rowid >= ? AND rowid < ?", lo, hi).Scan(&part); err != nil {
			return err
		}
		sum += part.Float64
		return nil
	}
	for lo := int64(0); lo < total; lo += 250_000 {
		if err := read(lo, lo+250_000); err != nil { // want `^page size 250000 splits`
			return 0, err
		}
	}
	return sum, nil
}

// Drain reads through a closure that captures the offset the loop moves.
func Drain(db *sql.DB, sink func(*sql.Rows) bool) {
	var off int
	next := func() (*sql.Rows, error) {
		return db.Query("SELECT * FROM logs LIMIT 200000 OFFSET ?", off) // want `^page size 200000 splits`
	}
	for {
		rows, err := next()
		if err != nil || !sink(rows) {
			return
		}
		off += 200000
	}
}

// Aligned pages are left alone by pagesize.
func Aligned(ctx context.Context, db *sql.DB, total int) error {
	page := func(off int) error {
		_, err := db.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events LIMIT ? OFFSET ?", 245_760, off)
		return err
	}
	for off := 0; off < total; off += 245_760 {
		if err := page(off); err != nil {
			return err
		}
	}
	return nil
}

// Latest reads the newest page once: a closure called outside a loop is
// no walk.
func Latest(ctx context.Context, db *sql.DB) (*sql.Rows, error) {
	get := func(off int) (*sql.Rows, error) {
		return db.QueryContext(ctx, "SELECT * FROM events ORDER BY id DESC LIMIT 50 OFFSET ?", off)
	}
	return get(0)
}

// PerTable reads the first page of each table: the closure is called in
// a loop over tables, with a constant offset.
func PerTable(db *sql.DB, tables []string) error {
	head := func(table string, off int) error {
		_, err := db.Query("SELECT * FROM "+table+" LIMIT 1000 OFFSET ?", off)
		return err
	}
	for _, t := range tables {
		if err := head(t, 0); err != nil {
			return err
		}
	}
	return nil
}

// Cursor is a client's position in a listing.
type Cursor struct{ Offset int }

// Pages serves the pages clients asked for.
func Pages(db *sql.DB, cursors []Cursor) {
	serve := func(off int) {
		db.Query("SELECT * FROM events LIMIT 500 OFFSET ?", off)
	}
	for _, c := range cursors {
		serve(c.Offset)
	}
}
