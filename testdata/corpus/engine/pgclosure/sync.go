// Package pgclosure mirrors Postgres tables into DuckDB; the page fetch
// from Postgres is a closure over the source handle.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package pgclosure

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

const page = 150_000

func Mirror(ctx context.Context, pgDSN, duckPath string) error {
	pg, err := sql.Open("postgres", pgDSN)
	if err != nil {
		return err
	}
	duck, err := sql.Open("duckdb", duckPath)
	if err != nil {
		return err
	}
	tx, err := duck.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	fetch := func(off int) (*sql.Rows, error) {
		return pg.QueryContext(ctx, "SELECT sku, name FROM products ORDER BY sku LIMIT $1 OFFSET $2", page, off)
	}
	for off := 0; ; off += page {
		rows, err := fetch(off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var sku, name string
			rows.Scan(&sku, &name)
			tx.ExecContext(ctx, "INSERT INTO products VALUES (?, ?)", sku, name) // expect: rowbyrow
			n++
		}
		rows.Close()
		if n < page {
			break
		}
	}
	return tx.Commit()
}
