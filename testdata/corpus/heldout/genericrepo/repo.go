// Package genericrepo is a small generic repository over DuckDB tables.
package genericrepo

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Repo[T any] struct {
	db    *sql.DB
	table string
	page  int
	scan  func(*sql.Rows) (T, error)
}

func NewRepo[T any](db *sql.DB, table string, scan func(*sql.Rows) (T, error)) *Repo[T] {
	return &Repo[T]{db: db, table: table, page: 150_000, scan: scan} // expect: pagesize
}

func (r *Repo[T]) All(ctx context.Context) ([]T, error) {
	var out []T
	for lo := 0; ; lo += r.page {
		rows, err := r.db.QueryContext(ctx, "SELECT * FROM "+r.table+" WHERE rowid >= ? AND rowid < ?", lo, lo+r.page)
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			v, err := r.scan(rows)
			if err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, v)
			n++
		}
		rows.Close()
		if n == 0 {
			return out, nil
		}
	}
}
