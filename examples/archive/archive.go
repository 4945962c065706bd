// Package archive attaches the archive database with larger row groups
// and exports its newest orders, oldest first.
package archive

import (
	"context"
	"database/sql"
	"encoding/csv"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Attach makes the archive database available as "archive".
func Attach(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, "ATTACH 'archive.duckdb' AS archive (ROW_GROUP_SIZE 200000)")
	return err
}

// Export writes every archived order to w, a page at a time by key.
func Export(ctx context.Context, db *sql.DB, w *csv.Writer) error {
	var last int64
	for {
		rows, err := db.QueryContext(ctx,
			"SELECT id, amount FROM archive.orders WHERE id > ? ORDER BY id LIMIT 245760", last)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var amount float64
			if err := rows.Scan(&last, &amount); err != nil {
				rows.Close()
				return err
			}
			w.Write([]string{strconv.FormatInt(last, 10), strconv.FormatFloat(amount, 'f', 2, 64)})
			n++
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if n == 0 {
			w.Flush()
			return w.Error()
		}
	}
}
