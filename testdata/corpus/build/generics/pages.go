// Package generics has a generic page reader used by several exports.
package generics

import (
	"context"
	"database/sql"
	"iter"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Pages yields the rows of query in pages of size, scanned by scan.
func Pages[T any](ctx context.Context, db *sql.DB, query string, size int, scan func(*sql.Rows) (T, error)) iter.Seq2[[]T, error] {
	return func(yield func([]T, error) bool) {
		for off := 0; ; off += size {
			rows, err := db.QueryContext(ctx, query+" LIMIT ? OFFSET ?", size, off) // expect: offsetwalk
			if err != nil {
				yield(nil, err)
				return
			}
			var page []T
			for rows.Next() {
				v, err := scan(rows)
				if err != nil {
					rows.Close()
					yield(nil, err)
					return
				}
				page = append(page, v)
			}
			rows.Close()
			if len(page) == 0 || !yield(page, nil) || len(page) < size {
				return
			}
		}
	}
}

type Product struct {
	SKU   string
	Price float64
}

func scanProduct(r *sql.Rows) (Product, error) {
	var p Product
	err := r.Scan(&p.SKU, &p.Price)
	return p, err
}

func Catalog(ctx context.Context, db *sql.DB) (n int, err error) {
	for page, err := range Pages(ctx, db, "SELECT sku, price FROM products", 100_000, scanProduct) { // expect: pagesize
		if err != nil {
			return n, err
		}
		n += len(page)
	}
	return n, nil
}
