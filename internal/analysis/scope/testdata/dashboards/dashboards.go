// Package dashboards fills the dashboards' cache: it walks the application
// database (PostgreSQL, through pgdyn, whose handle's engine no call
// shows) and writes into DuckDB. PostgreSQL reaches this package only
// through pgdyn's import of lib/pq, which still makes it a two-engine
// package: the unknown handle's walk stays silent, the DuckDB walk is
// reported.
package dashboards

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"

	"example.com/scope/pgdyn"
)

func Refresh(ctx context.Context, cfg pgdyn.Config, cachePath string) error {
	app, err := pgdyn.Open(cfg)
	if err != nil {
		return err
	}
	defer app.Close()
	for off := 0; ; off += 250_000 {
		rows, err := app.QueryContext(ctx, "SELECT id FROM events ORDER BY id LIMIT $1 OFFSET $2", 250_000, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n == 0 {
			break
		}
	}
	cache, err := sql.Open("duckdb", cachePath)
	if err != nil {
		return err
	}
	defer cache.Close()
	for lo := 0; lo < 1_000_000; lo += 200_000 {
		rows, err := cache.QueryContext(ctx, "SELECT * FROM tiles WHERE rowid >= ? AND rowid < ?", lo, lo+200_000) // want `page size 200000 splits`
		if err != nil {
			return err
		}
		rows.Close()
	}
	return nil
}
