// Package duckonlyparam is the exporter of a DuckDB-only tool: Export's
// handle comes from outside, and the package talks to DuckDB only.
package duckonlyparam

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }

const exportPage = 100_000 // expect: pagesize

// Export writes table as JSON lines.
func Export(ctx context.Context, db *sql.DB, table string, w io.Writer) error {
	enc := json.NewEncoder(w)
	for off := 0; ; off += exportPage {
		rows, err := db.QueryContext(ctx, "SELECT id, doc FROM "+table+" LIMIT ? OFFSET ?", exportPage, off) // expect: offsetwalk
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var doc string
			if err := rows.Scan(&id, &doc); err != nil {
				rows.Close()
				return err
			}
			enc.Encode(map[string]any{"id": id, "doc": doc})
			n++
		}
		rows.Close()
		if n < exportPage {
			return nil
		}
	}
}
