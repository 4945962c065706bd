// Package shiftpage exports events in pages of 1<<17 rows, a power of two
// the author thought was "aligned".
package shiftpage

import (
	"context"
	"database/sql"
	"fmt"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

const pageRows = 1 << 17 // expect: pagesize

func Export(ctx context.Context, db *sql.DB, w io.Writer) error {
	for page := 0; ; page++ {
		off := page * pageRows
		rows, err := db.QueryContext(ctx, fmt.Sprintf("SELECT id, kind FROM events LIMIT %d OFFSET %d", pageRows, off)) // expect: offsetwalk
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
		if n < pageRows {
			return nil
		}
	}
}
