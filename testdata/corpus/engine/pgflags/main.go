// Command pgflags exports a Postgres table into a DuckDB file; the read
// page size is a flag.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package main

import (
	"database/sql"
	"flag"
	"log"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/jackc/pgx/v5/stdlib"
)

func main() {
	src := flag.String("src", "postgres://localhost/app", "Postgres DSN")
	dst := flag.String("dst", "app.duckdb", "DuckDB file")
	page := flag.Int("page", 100000, "rows read from Postgres per query")
	flag.Parse()

	pg, err := sql.Open("pgx", *src)
	if err != nil {
		log.Fatal(err)
	}
	duck, err := sql.Open("duckdb", *dst)
	if err != nil {
		log.Fatal(err)
	}
	tx, err := duck.Begin()
	if err != nil {
		log.Fatal(err)
	}
	for off := 0; ; off += *page {
		rows, err := pg.Query("SELECT id, email FROM users ORDER BY id LIMIT $1 OFFSET $2", *page, off)
		if err != nil {
			log.Fatal(err)
		}
		n := 0
		for rows.Next() {
			var id int64
			var email string
			rows.Scan(&id, &email)
			tx.Exec("INSERT INTO users VALUES (?, ?)", id, email) // expect: rowbyrow
			n++
		}
		rows.Close()
		if n < *page {
			break
		}
	}
	if err := tx.Commit(); err != nil {
		log.Fatal(err)
	}
}
