// Package multi reads from whichever engine the config names, and also
// keeps a DuckDB cache: the source handle's engine is unknown.
// expect: none
package multi

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/mattn/go-sqlite3"
)

type Config struct{ Driver, DSN string }

func OpenCache(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }

func Drain(ctx context.Context, cfg Config, visit func(id int64)) error {
	src, err := sql.Open(cfg.Driver, cfg.DSN)
	if err != nil {
		return err
	}
	defer src.Close()
	for off := 0; ; off += 250_000 {
		rows, err := src.QueryContext(ctx, "SELECT id FROM items LIMIT ? OFFSET ?", 250_000, off)
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
	}
}
