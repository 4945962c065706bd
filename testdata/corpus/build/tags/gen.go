//go:build ignore

// gen.go generates test data; it is run with go run and never built into
// the package, so nothing in it is analysed.
package main

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func main() {
	db, _ := sql.Open("duckdb", "gen.duckdb")
	for off := 0; off < 1_000_000; off += 99_999 {
		db.Exec("INSERT INTO log_lines SELECT * FROM staging LIMIT ? OFFSET ?", 99_999, off)
	}
}
