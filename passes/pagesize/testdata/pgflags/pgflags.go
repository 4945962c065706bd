// Package pgflags is the same CLI export job as etlflags against
// PostgreSQL only: its flag defaults are not DuckDB page sizes.
package pgflags

import (
	"database/sql"
	"flag"
	"log"
)

var page = flag.Int("page", 100000, "rows per page")

func main() {
	flag.Parse()
	db, err := sql.Open("postgres", "postgres://localhost/app")
	if err != nil {
		log.Fatal(err)
	}
	for off := 0; ; off += *page {
		if _, err := db.Query("SELECT * FROM events LIMIT $1 OFFSET $2", *page, off); err != nil {
			log.Fatal(err)
		}
	}
}
