// Package closure finds duplicate emails; the page fetch is a closure
// defined once and called from the loop.
package closure

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const dedupePage = 100_000 // expect: pagesize

func Duplicates(ctx context.Context, db *sql.DB) ([]string, error) {
	seen := map[string]bool{}
	var dups []string
	fetch := func(off int) (int, error) {
		rows, err := db.QueryContext(ctx, "SELECT email FROM users LIMIT ? OFFSET ?", dedupePage, off) // expect: offsetwalk
		if err != nil {
			return 0, err
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var e string
			if err := rows.Scan(&e); err != nil {
				return n, err
			}
			if seen[e] {
				dups = append(dups, e)
			}
			seen[e] = true
			n++
		}
		return n, rows.Err()
	}
	for off := 0; ; off += dedupePage {
		n, err := fetch(off)
		if err != nil {
			return nil, err
		}
		if n < dedupePage {
			return dups, nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
