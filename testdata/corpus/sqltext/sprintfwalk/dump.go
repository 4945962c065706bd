// Package sprintfwalk dumps a table to TSV; the author inlined the page
// bounds into the SQL with Sprintf.
package sprintfwalk

import (
	"database/sql"
	"fmt"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Dump(db *sql.DB, table string, w io.Writer) error {
	const chunk = 150000 // expect: pagesize
	for page := 0; ; page++ {
		q := fmt.Sprintf("SELECT id, label FROM %s LIMIT %d OFFSET %d", table, chunk, page*chunk)
		rows, err := db.Query(q) // expect: offsetwalk
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var label string
			if err := rows.Scan(&id, &label); err != nil {
				rows.Close()
				return err
			}
			fmt.Fprintf(w, "%d\t%s\n", id, label)
			n++
		}
		rows.Close()
		if n < chunk {
			return nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
