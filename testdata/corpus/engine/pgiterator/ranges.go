// Package pgiterator reads Postgres id ranges through an iterator and
// aggregates them into DuckDB.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package pgiterator

import (
	"context"
	"database/sql"
	"iter"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

func idRanges(maxID, step int64) iter.Seq2[int64, int64] {
	return func(yield func(int64, int64) bool) {
		for lo := int64(0); lo <= maxID; lo += step {
			if !yield(lo, lo+step) {
				return
			}
		}
	}
}

type Job struct {
	pg   *sql.DB
	duck *sql.DB
}

func NewJob(pgDSN, duckPath string) (*Job, error) {
	pg, err := sql.Open("postgres", pgDSN)
	if err != nil {
		return nil, err
	}
	duck, err := sql.Open("duckdb", duckPath)
	if err != nil {
		return nil, err
	}
	return &Job{pg: pg, duck: duck}, nil
}

func (j *Job) Run(ctx context.Context, maxID int64) error {
	sums := map[string]float64{}
	for lo, hi := range idRanges(maxID, 250_000) {
		rows, err := j.pg.QueryContext(ctx, "SELECT region, amount FROM sales WHERE id >= $1 AND id < $2", lo, hi)
		if err != nil {
			return err
		}
		for rows.Next() {
			var region string
			var amount float64
			rows.Scan(&region, &amount)
			sums[region] += amount
		}
		rows.Close()
	}
	for region, s := range sums {
		if _, err := j.duck.ExecContext(ctx, "INSERT INTO region_sales VALUES (?, ?)", region, s); err != nil { // expect: rowbyrow
			return err
		}
	}
	return nil
}
