// Package cursorstruct keeps a walk's position in a struct that a method
// moves.
package cursorstruct

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
	c := &cursor{limit: 90_000} // want `page size limit = 90000 is smaller than`
	for {
		rows, err := db.QueryContext(ctx, "SELECT id FROM logs LIMIT ? OFFSET ?", c.limit, c.offset)
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

type window struct{ from, size int }

func (w *window) skip() { w.from += w.size }

// Retry asks for the same page again on each attempt and moves on only
// after the loop: no walk, silent.
func Retry(ctx context.Context, db *sql.DB, w *window) error {
	w.size = 250_000
	for attempt := 0; attempt < 3; attempt++ {
		rows, err := db.QueryContext(ctx, "SELECT id FROM logs LIMIT ? OFFSET ?", w.size, w.from)
		if err == nil {
			rows.Close()
			break
		}
	}
	w.skip()
	return nil
}
