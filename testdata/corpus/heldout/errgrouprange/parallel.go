// Package errgrouprange exports a table in parallel rowid spans, one
// goroutine per span, through a method.
package errgrouprange

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	"golang.org/x/sync/errgroup"
)

type Exporter struct {
	db   *sql.DB
	sink func(id int64)
}

func (e *Exporter) exportRange(ctx context.Context, lo, hi int64) error {
	rows, err := e.db.QueryContext(ctx, "SELECT id FROM orders WHERE rowid >= ? AND rowid < ?", lo, hi)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		e.sink(id)
	}
	return rows.Err()
}

func (e *Exporter) ExportAll(ctx context.Context, total int64) error {
	const span = 200_000 // expect: pagesize
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(4)
	for lo := int64(0); lo < total; lo += span {
		g.Go(func() error { return e.exportRange(ctx, lo, lo+span) })
	}
	return g.Wait()
}
