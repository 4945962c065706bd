// Package report sums every customer's orders, reading the orders table in
// pages so that memory stays bounded.
package report

import (
	"context"
	"database/sql"
)

// Options configures a report run.
type Options struct {
	Table    string
	PageSize int
}

// DefaultOptions are used by the nightly job.
var DefaultOptions = Options{Table: "orders", PageSize: 100_000}

// Totals walks the table by rowid ranges and sums amounts per customer.
func Totals(ctx context.Context, db *sql.DB, o Options) (map[int64]float64, error) {
	var maxID int64
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM "+o.Table).Scan(&maxID); err != nil {
		return nil, err
	}
	totals := make(map[int64]float64)
	for lo := int64(0); lo <= maxID; lo += int64(o.PageSize) {
		rows, err := db.QueryContext(ctx,
			"SELECT customer, amount FROM "+o.Table+" WHERE rowid >= ? AND rowid < ?", lo, lo+int64(o.PageSize))
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var c int64
			var a float64
			if err := rows.Scan(&c, &a); err != nil {
				rows.Close()
				return nil, err
			}
			totals[c] += a
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return totals, nil
}

// Nightly runs the report with the default options.
func Nightly(ctx context.Context) (map[int64]float64, error) {
	db, err := sql.Open("duckdb", "warehouse.duckdb")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return Totals(ctx, db, DefaultOptions)
}
