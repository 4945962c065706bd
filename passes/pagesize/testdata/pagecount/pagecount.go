// Package pagecount exports a table page by page and reports how many
// pages and batches it took: the counts depend on the page size, so the
// size gets no fix.
package pagecount

import (
	"context"
	"database/sql"
	"fmt"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

const exportPage = 200_000 // want `^page size exportPage = 200000 splits DuckDB's 122880-row row groups: .*; use 245760$`

// Export writes every event and returns how many pages it read.
func Export(ctx context.Context, db *sql.DB, w io.Writer) (string, error) {
	var pages, batches int
	for off, n := 0, 0; ; off, pages, batches = off+exportPage, pages+1, batches+1 {
		rows, err := db.QueryContext(ctx, "SELECT id, kind FROM events LIMIT ? OFFSET ?", exportPage, off)
		if err != nil {
			return "", err
		}
		n = 0
		for rows.Next() {
			var id int64
			var kind string
			if err := rows.Scan(&id, &kind); err != nil {
				rows.Close()
				return "", err
			}
			fmt.Fprintf(w, "%d %s\n", id, kind)
			n++
		}
		if err := rows.Close(); err != nil {
			return "", err
		}
		if n < exportPage {
			break
		}
	}
	return fmt.Sprint(batches, " batches, ", pages, " pages"), nil
}
