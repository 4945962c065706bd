// Package selectwalk renders the monthly sales report from the DuckDB
// warehouse, reading the fact table through sqlx in pages.
package selectwalk

import (
	"context"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
)

type Sale struct {
	Region string  `db:"region"`
	Amount float64 `db:"amount"`
}

type Report struct {
	db *sqlx.DB
}

func NewReport(path string) (*Report, error) {
	db, err := sqlx.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	return &Report{db: db}, nil
}

func (r *Report) Totals(ctx context.Context) (map[string]float64, error) {
	totals := make(map[string]float64)
	page := 100_000 // expect: pagesize
	for off := 0; ; off += page {
		var sales []Sale
		if err := r.db.Select(&sales, "SELECT region, amount FROM sales LIMIT ? OFFSET ?", page, off); err != nil { // expect: offsetwalk
			return nil, err
		}
		for _, s := range sales {
			totals[s.Region] += s.Amount
		}
		if len(sales) < page {
			return totals, nil
		}
	}
}
