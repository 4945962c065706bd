// Package orderbyaligned pages through a table in key order with an
// aligned page size: the size is right, the strategy is quadratic.
package orderbyaligned

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const page = 122_880

func Walk(ctx context.Context, db *sql.DB, fn func(id int64, v string) error) error {
	for off := 0; ; off += page {
		rows, err := db.QueryContext(ctx, "SELECT id, v FROM kv ORDER BY id LIMIT ? OFFSET ?", page, off) // expect: offsetwalk
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var v string
			if err := rows.Scan(&id, &v); err != nil {
				rows.Close()
				return err
			}
			if err := fn(id, v); err != nil {
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n < page {
			return nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
