// Package pgxwalk streams a large Postgres table to a callback with a
// keyset walk through pgx's database/sql driver.
// expect: none
package pgxwalk

import (
	"context"
	"database/sql"

	_ "github.com/jackc/pgx/v5/stdlib"
)

type Row struct {
	ID   int64
	Data []byte
}

type Walker struct {
	db       *sql.DB
	PageSize int
}

func NewWalker(dsn string) (*Walker, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	return &Walker{db: db, PageSize: 100_000}, nil
}

func (w *Walker) Walk(ctx context.Context, fn func(Row) error) error {
	var last int64
	for {
		rows, err := w.db.QueryContext(ctx, "SELECT id, data FROM blobs WHERE id > $1 ORDER BY id LIMIT $2", last, w.PageSize)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var r Row
			if err := rows.Scan(&r.ID, &r.Data); err != nil {
				rows.Close()
				return err
			}
			if err := fn(r); err != nil {
				rows.Close()
				return err
			}
			last = r.ID
			n++
		}
		rows.Close()
		if n < w.PageSize {
			return rows.Err()
		}
	}
}
