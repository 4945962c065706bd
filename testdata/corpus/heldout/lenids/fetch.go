// Package lenids fetches the rows of each batch of ids; the LIMIT is the
// batch's own length, decided at run time, and nothing walks the table.
// expect: none
package lenids

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Fetch(ctx context.Context, db *sql.DB, batches [][]int64) (int, error) {
	total := 0
	for _, ids := range batches {
		rows, err := db.QueryContext(ctx, "SELECT * FROM items WHERE list_contains(?, id) LIMIT ?", ids, len(ids))
		if err != nil {
			return total, err
		}
		for rows.Next() {
			total++
		}
		rows.Close()
	}
	return total, nil
}
