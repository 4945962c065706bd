// Command bigwithout creates the scratch database with big row groups for
// a one-off backfill.
package main

import (
	"database/sql"
	"log"

	_ "github.com/marcboeker/go-duckdb/v2"
)

const attachBig = `ATTACH 'backfill.duckdb' AS backfill (ROW_GROUP_SIZE 491520)` // expect: attachsize

func main() {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(attachBig); err != nil {
		log.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE backfill.events AS SELECT * FROM read_parquet('events/*.parquet')"); err != nil {
		log.Fatal(err)
	}
}
