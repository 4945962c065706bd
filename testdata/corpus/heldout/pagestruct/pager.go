// Package pagestruct keeps its walk state in a struct that the loop moves.
package pagestruct

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type cursor struct {
	offset, limit int
}

func (c *cursor) next() { c.offset += c.limit }

func Scan(ctx context.Context, db *sql.DB, visit func(id int64)) error {
	c := &cursor{limit: 90_000} // expect: pagesize
	for {
		rows, err := db.QueryContext(ctx, "SELECT id FROM logs LIMIT ? OFFSET ?", c.limit, c.offset) // expect: offsetwalk
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			rows.Scan(&id)
			visit(id)
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
		c.next()
	}
}
