// Command pgparam exports orders from Postgres into a DuckDB file; the
// handles are opened in main and passed down.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package main

import (
	"context"
	"database/sql"
	"flag"
	"log"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

func main() {
	pgDSN := flag.String("pg", "postgres://localhost/shop", "source database")
	out := flag.String("out", "orders.duckdb", "DuckDB file to write")
	flag.Parse()

	pg, err := sql.Open("postgres", *pgDSN)
	if err != nil {
		log.Fatal(err)
	}
	duck, err := sql.Open("duckdb", *out)
	if err != nil {
		log.Fatal(err)
	}
	if err := exportOrders(context.Background(), pg, duck); err != nil {
		log.Fatal(err)
	}
}

func exportOrders(ctx context.Context, pg, duck *sql.DB) error {
	const page = 100_000
	tx, err := duck.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for off := 0; ; off += page {
		rows, err := pg.QueryContext(ctx, "SELECT id, status, amount FROM orders LIMIT $1 OFFSET $2", page, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var status string
			var amount float64
			if err := rows.Scan(&id, &status, &amount); err != nil {
				rows.Close()
				return err
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO orders VALUES (?, ?, ?)", id, status, amount); err != nil { // expect: rowbyrow
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n < page {
			break
		}
	}
	return tx.Commit()
}
