// Package helper backs the CSV download of the admin UI: a page helper
// shared by the handlers, called in a loop to stream the whole table.
package helper

import (
	"context"
	"database/sql"
	"encoding/csv"
	"io"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Order struct {
	ID     int64
	Status string
}

func fetchPage(ctx context.Context, db *sql.DB, limit, offset int) ([]Order, error) {
	rows, err := db.QueryContext(ctx, "SELECT id, status FROM orders ORDER BY id LIMIT ? OFFSET ?", limit, offset)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Order
	for rows.Next() {
		var o Order
		if err := rows.Scan(&o.ID, &o.Status); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

const downloadBatch = 50_000 // expect: pagesize

func WriteCSV(ctx context.Context, db *sql.DB, w io.Writer) error {
	cw := csv.NewWriter(w)
	defer cw.Flush()
	for off := 0; ; off += downloadBatch {
		page, err := fetchPage(ctx, db, downloadBatch, off) // expect: offsetwalk
		if err != nil {
			return err
		}
		for _, o := range page {
			cw.Write([]string{strconv.FormatInt(o.ID, 10), o.Status})
		}
		if len(page) < downloadBatch {
			return nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
