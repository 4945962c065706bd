// Package report builds the weekly report from the Postgres database.
package report

import (
	"context"

	"example.com/corpus/scope/wrapperpg/db"
)

const weekPage = 100_000

func Weekly(ctx context.Context) (map[string]int, error) {
	conn, err := db.Open()
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	out := map[string]int{}
	for off := 0; ; off += weekPage {
		rows, err := conn.QueryContext(ctx, "SELECT country FROM signups LIMIT $1 OFFSET $2", weekPage, off)
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
