// Package walk is a LIMIT/OFFSET walk in a module that links DuckDB 2.0.0:
// its finding names the release its figure was measured on.
package walk

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const pageSize = 250_000 // want `^page size pageSize = 250000 splits DuckDB's 122880-row row groups: each page also reads a partly used one \(6-19% more bytes a row\); use 245_760$`

func constWalk(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT * FROM events LIMIT ? OFFSET ?", pageSize, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n < pageSize {
			return nil
		}
	}
}
