// Package methodvalue reads its page size through a method value: the
// job keeps cfg.PageRows, not the number.
package methodvalue

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Config is the exporter's configuration.
type Config struct {
	Table string
}

// PageRows is how many rows a page holds.
func (c Config) PageRows() int { return 250_000 } // want `^page size 250000 splits DuckDB's 122880-row row groups`

// Export walks the table; rows is the method value cfg.PageRows.
func Export(ctx context.Context, db *sql.DB, cfg Config) error {
	rows := cfg.PageRows
	for lo := 0; ; lo += rows() {
		r, err := db.QueryContext(ctx, "SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+rows())
		if err != nil {
			return err
		}
		more := r.Next()
		r.Close()
		if !more {
			return nil
		}
	}
}
