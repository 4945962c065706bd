// Package pagecosts sums a table by rowid ranges at page sizes between
// those the cost was measured at (500 rows), at one of them (10,000) and
// just under a row group (110,000): each finding quotes the figure of
// its size, or says it interpolates.
package pagecosts

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func sum(ctx context.Context, db *sql.DB, maxRow int64, page int64) (float64, error) {
	var total float64
	for lo := int64(0); lo <= maxRow; lo += page {
		var s float64
		if err := db.QueryRowContext(ctx, "SELECT coalesce(sum(amount), 0) FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+page).Scan(&s); err != nil {
			return 0, err
		}
		total += s
	}
	return total, nil
}

// Small sums 500 rows a query.
func Small(ctx context.Context, db *sql.DB, maxRow int64) (float64, error) {
	return sum(ctx, db, maxRow, 500) // want `^page size 500 is smaller than DuckDB's 122880-row row group: each page is a query of its own \(2-17x the CPU of one-row-group pages, interpolated\); use 122880$`
}

// Medium sums 10,000 rows a query.
func Medium(ctx context.Context, db *sql.DB, maxRow int64) (float64, error) {
	return sum(ctx, db, maxRow, 10_000) // want `^page size 10000 is smaller than DuckDB's 122880-row row group: each page is a query of its own \(10-28% more CPU than one-row-group pages\); use 122880$`
}

// Large sums 110,000 rows a query.
func Large(ctx context.Context, db *sql.DB, maxRow int64) (float64, error) {
	return sum(ctx, db, maxRow, 110_000) // want `^page size 110000 is smaller than DuckDB's 122880-row row group: each page rereads part of a row group \(0-9% more bytes a row, interpolated\); use 122880$`
}
