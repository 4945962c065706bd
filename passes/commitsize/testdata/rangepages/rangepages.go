// Package synth fills a table with generated rows, one autocommit
// INSERT ... SELECT over range(lo, hi) per page: each page is a commit
// of its size.
package synth

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const genPage = 250_000 // want `^commit size genPage = 250000 splits DuckDB's 122880-row row groups`

func Generate(ctx context.Context, db *sql.DB, total int) error {
	for lo := 0; lo < total; lo += genPage {
		hi := min(lo+genPage, total)
		if _, err := db.ExecContext(ctx, `INSERT INTO readings
			SELECT i, 'sensor-' || (i % 100), random() FROM range(?, ?) t(i)`, lo, hi); err != nil {
			return err
		}
	}
	return nil
}

// Aligned pages of two row groups: nothing to say.
func GenerateAligned(ctx context.Context, db *sql.DB, total int) error {
	for lo := 0; lo < total; lo += 245_760 {
		if _, err := db.ExecContext(ctx, "INSERT INTO readings SELECT i, 'x', random() FROM range(?, ?) t(i)", lo, min(lo+245_760, total)); err != nil {
			return err
		}
	}
	return nil
}
