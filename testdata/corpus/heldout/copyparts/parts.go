// Package copyparts exports a table to Parquet part files, one LIMIT/OFFSET
// page per file.
package copyparts

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

const partRows = 250_000 // expect: pagesize

func Export(ctx context.Context, db *sql.DB, dir string, total int) error {
	for part, off := 0, 0; off < total; part, off = part+1, off+partRows {
		q := fmt.Sprintf("COPY (SELECT * FROM events LIMIT %d OFFSET %d) TO '%s/part-%04d.parquet' (FORMAT parquet)", partRows, off, dir, part)
		if _, err := db.ExecContext(ctx, q); err != nil { // expect: offsetwalk
			return err
		}
	}
	return nil
}
