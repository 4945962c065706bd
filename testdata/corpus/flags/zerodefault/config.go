// Package zerodefault reads its settings from a config struct; a zero
// page size means the default.
package zerodefault

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Config struct {
	Path     string
	PageSize int
}

type Exporter struct {
	db  *sql.DB
	cfg Config
}

func New(cfg Config) (*Exporter, error) {
	if cfg.PageSize == 0 {
		cfg.PageSize = 100_000 // expect: pagesize
	}
	db, err := sql.Open("duckdb", cfg.Path)
	if err != nil {
		return nil, err
	}
	return &Exporter{db: db, cfg: cfg}, nil
}

func (e *Exporter) Each(ctx context.Context, fn func(id int64) error) error {
	for lo := 0; ; lo += e.cfg.PageSize {
		rows, err := e.db.QueryContext(ctx, "SELECT id FROM orders WHERE rowid >= ? AND rowid < ?", lo, lo+e.cfg.PageSize)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			if err := fn(id); err != nil {
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}
