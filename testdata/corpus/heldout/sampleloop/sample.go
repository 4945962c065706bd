// Package sampleloop profiles every table from a sample of its first rows:
// one query per table, nothing walks a table.
// expect: none
package sampleloop

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Profile(ctx context.Context, db *sql.DB, tables []string) (map[string]int, error) {
	out := map[string]int{}
	for _, t := range tables {
		rows, err := db.QueryContext(ctx, "SELECT * FROM "+t+" LIMIT 100000")
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		out[t] = n
	}
	return out, nil
}
