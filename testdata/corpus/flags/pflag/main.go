// Command pflag scores every row of a DuckDB table with a model, in rowid
// spans; a cobra-style CLI with pflag flags.
package main

import (
	"database/sql"
	"fmt"
	"log"

	_ "github.com/duckdb/duckdb-go/v2"
	flag "github.com/spf13/pflag"
)

func main() {
	path := flag.StringP("db", "d", "scores.duckdb", "DuckDB file")
	rows := flag.IntP("rows", "r", 300000, "rows per span") // expect: pagesize
	flag.Parse()

	db, err := sql.Open("duckdb", *path)
	if err != nil {
		log.Fatal(err)
	}
	var total int
	if err := db.QueryRow("SELECT count(*) FROM features").Scan(&total); err != nil {
		log.Fatal(err)
	}
	scored := 0
	for lo := 0; lo < total; lo += *rows {
		res, err := db.Query("SELECT id, f1, f2 FROM features WHERE rowid >= ? AND rowid < ?", lo, lo+*rows)
		if err != nil {
			log.Fatal(err)
		}
		for res.Next() {
			var id int64
			var f1, f2 float64
			if err := res.Scan(&id, &f1, &f2); err != nil {
				log.Fatal(err)
			}
			_ = 0.3*f1 + 0.7*f2
			scored++
		}
		res.Close()
	}
	fmt.Println("scored", scored)
}
