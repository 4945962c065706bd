// Command flagaligned counts rows per partition in rowid spans of two row
// groups; the default span is aligned.
// expect: none
package main

import (
	"database/sql"
	"flag"
	"fmt"
	"log"

	_ "github.com/duckdb/duckdb-go/v2"
)

var span = flag.Int64("span", 245760, "rows per query (two row groups)")

func main() {
	flag.Parse()
	db, err := sql.Open("duckdb", "parts.duckdb")
	if err != nil {
		log.Fatal(err)
	}
	var maxRow int64
	if err := db.QueryRow("SELECT max(rowid) FROM parts").Scan(&maxRow); err != nil {
		log.Fatal(err)
	}
	counts := map[string]int{}
	for lo := int64(0); lo <= maxRow; lo += *span {
		rows, err := db.Query("SELECT partition FROM parts WHERE rowid >= ? AND rowid < ?", lo, lo+*span)
		if err != nil {
			log.Fatal(err)
		}
		for rows.Next() {
			var p string
			rows.Scan(&p)
			counts[p]++
		}
		rows.Close()
	}
	fmt.Println(counts)
}
