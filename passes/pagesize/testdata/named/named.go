// Package named pages with DuckDB's named parameters ($lim, $off) bound
// by sql.Named, and with positional $1/? placeholders.
package named

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const pageRows = 250_000 // want `page size pageRows = 250000 splits`

func Walk(ctx context.Context, db *sql.DB, fn func(*sql.Rows) error) error {
	for off := 0; ; off += pageRows {
		rows, err := db.QueryContext(ctx, "SELECT * FROM trips LIMIT $lim OFFSET $off",
			sql.Named("lim", pageRows), sql.Named("off", off))
		if err != nil {
			return err
		}
		if err := fn(rows); err != nil {
			return err
		}
	}
}

func WalkNumbered(db *sql.DB) error {
	for off := 0; off < 10_000_000; off += 200_000 {
		rows, err := db.Query("SELECT * FROM trips LIMIT $1 OFFSET $2", 200_000, off) // want `page size 200000 splits`
		if err != nil {
			return err
		}
		rows.Close()
	}
	return nil
}

func WalkQuestion(db *sql.DB) error {
	for off := 0; off < 10_000_000; off += 200_000 {
		rows, err := db.Query("SELECT * FROM trips LIMIT ? OFFSET ?", 200_000, off) // want `page size 200000 splits`
		if err != nil {
			return err
		}
		rows.Close()
	}
	return nil
}

// One page per request, named: no walk.
func Page(ctx context.Context, db *sql.DB, off int) (*sql.Rows, error) {
	return db.QueryContext(ctx, "SELECT * FROM trips LIMIT $lim OFFSET $off", sql.Named("lim", 250_000), sql.Named("off", off))
}
