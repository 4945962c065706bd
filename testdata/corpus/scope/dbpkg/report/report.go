// Package report builds the weekly report from the analytics database.
package report

import (
	"context"

	"example.com/corpus/scope/dbpkg/db"
)

const weekPage = 100_000 // expect: pagesize

func Weekly(ctx context.Context) (map[string]int, error) {
	conn, err := db.Open()
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	out := map[string]int{}
	for off := 0; ; off += weekPage {
		rows, err := conn.QueryContext(ctx, "SELECT country FROM signups LIMIT ? OFFSET ?", weekPage, off) // expect: offsetwalk
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var c string
			rows.Scan(&c)
			out[c]++
			n++
		}
		rows.Close()
		if n < weekPage {
			return out, nil
		}
	}
}
