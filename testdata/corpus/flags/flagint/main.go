// Command flagint exports a DuckDB table to newline-delimited JSON; the
// page size is a flag.
package main

import (
	"bufio"
	"database/sql"
	"encoding/json"
	"flag"
	"log"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"
)

func main() {
	dbPath := flag.String("db", "app.duckdb", "DuckDB file")
	table := flag.String("table", "events", "table to export")
	page := flag.Int("page", 100000, "rows per query") // expect: pagesize
	flag.Parse()

	db, err := sql.Open("duckdb", *dbPath)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	for off := 0; ; off += *page {
		rows, err := db.Query("SELECT * FROM "+*table+" LIMIT ? OFFSET ?", *page, off) // expect: offsetwalk
		if err != nil {
			log.Fatal(err)
		}
		cols, _ := rows.Columns()
		n := 0
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				log.Fatal(err)
			}
			rec := make(map[string]any, len(cols))
			for i, c := range cols {
				rec[c] = vals[i]
			}
			enc.Encode(rec)
			n++
		}
		rows.Close()
		if n < *page {
			break
		}
	}
}
