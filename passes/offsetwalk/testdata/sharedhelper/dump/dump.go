// Package dump streams a table as JSON lines. It works on any
// database/sql handle and imports no driver: the engine is its caller's.
package dump

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
)

// PageRows is how many rows each query reads.
const PageRows = 100_000

// Table writes every row of table to w.
func Table(ctx context.Context, db *sql.DB, table string, w io.Writer) error {
	enc := json.NewEncoder(w)
	for off := 0; ; off += PageRows {
		rows, err := db.QueryContext(ctx, "SELECT * FROM "+table+" LIMIT ? OFFSET ?", PageRows, off)
		if err != nil {
			return err
		}
		cols, err := rows.Columns()
		if err != nil {
			rows.Close()
			return err
		}
		n := 0
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return err
			}
			if err := enc.Encode(vals); err != nil {
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n < PageRows {
			return nil
		}
	}
}

// Row reads one row by key: no walk.
func Row(ctx context.Context, db *sql.DB, table string, id int64) *sql.Row {
	return db.QueryRowContext(ctx, "SELECT * FROM "+table+" WHERE id = ?", id)
}
