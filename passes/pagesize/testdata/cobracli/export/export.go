// Package export writes a DuckDB table out, page by page.
package export

import (
	"context"
	"database/sql"
	"fmt"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Exporter exports tables of one database.
type Exporter struct {
	db *sql.DB
}

// New returns an Exporter for db.
func New(db *sql.DB) *Exporter { return &Exporter{db: db} }

// Run writes every row of events to w, pageSize rows a query.
func (e *Exporter) Run(ctx context.Context, pageSize int, w io.Writer) error {
	for off := 0; ; off += pageSize {
		rows, err := e.db.QueryContext(ctx, "SELECT id, kind FROM events LIMIT ? OFFSET ?", pageSize, off)
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
			fmt.Fprintln(w, id, kind)
			n++
		}
		rows.Close()
		if n < pageSize {
			return rows.Err()
		}
	}
}
