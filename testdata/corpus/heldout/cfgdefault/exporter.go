// Package cfgdefault is an exporter whose page size defaults in its
// constructor when the config leaves it zero.
package cfgdefault

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Config struct {
	Table    string
	PageSize int
}

type Exporter struct {
	db  *sql.DB
	cfg Config
}

func New(db *sql.DB, cfg Config) *Exporter {
	if cfg.PageSize <= 0 {
		cfg.PageSize = 100_000 // expect: pagesize
	}
	return &Exporter{db: db, cfg: cfg}
}

func (e *Exporter) Each(ctx context.Context, fn func(id int64) error) error {
	for off := 0; ; off += e.cfg.PageSize {
		rows, err := e.db.QueryContext(ctx, "SELECT id FROM "+e.cfg.Table+" LIMIT ? OFFSET ?", e.cfg.PageSize, off) // expect: offsetwalk
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
