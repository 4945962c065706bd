// Package errgroup backfills embeddings in parallel with an errgroup,
// one rowid span per goroutine.
package errgroup

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	"golang.org/x/sync/errgroup"
)

const spanRows = 250_000 // expect: pagesize

func Backfill(ctx context.Context, db *sql.DB, embed func(string) []float32) error {
	var total int64
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM docs").Scan(&total); err != nil {
		return err
	}
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(4)
	for lo := int64(0); lo < total; lo += spanRows {
		g.Go(func() error {
			rows, err := db.QueryContext(ctx, "SELECT id, text FROM docs WHERE rowid >= ? AND rowid < ?", lo, lo+spanRows)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id int64
				var text string
				if err := rows.Scan(&id, &text); err != nil {
					return err
				}
				_ = embed(text)
			}
			return rows.Err()
		})
	}
	return g.Wait()
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
