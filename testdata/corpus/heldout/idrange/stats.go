// Package idrange aggregates orders in ranges of their business key: the
// ranges are of ids, not of DuckDB's row ids, so row groups say nothing.
// expect: none
package idrange

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Totals(ctx context.Context, db *sql.DB, maxID int64) ([]float64, error) {
	var out []float64
	for lo := int64(0); lo <= maxID; lo += 250_000 {
		var sum float64
		if err := db.QueryRowContext(ctx, "SELECT coalesce(sum(amount), 0) FROM orders WHERE order_id BETWEEN ? AND ?", lo, lo+249_999).Scan(&sum); err != nil {
			return nil, err
		}
		out = append(out, sum)
	}
	return out, nil
}
