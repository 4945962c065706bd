// Package pagenumber walks pages by number: off = page * size.
package pagenumber

import (
	"database/sql"

	_ "github.com/marcboeker/go-duckdb"
)

func CountActive(db *sql.DB) (int, error) {
	active := 0
	for page := 0; ; page++ {
		rows, err := db.Query("SELECT status FROM subscriptions LIMIT 120000 OFFSET ?", page*120000) // expect: offsetwalk, pagesize
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			var s string
			rows.Scan(&s)
			if s == "active" {
				active++
			}
			n++
		}
		rows.Close()
		if n < 120000 {
			return active, nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
