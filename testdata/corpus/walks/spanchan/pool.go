// Package spanchan recomputes row hashes with a worker pool: a producer
// cuts the table into rowid spans and sends them to the workers.
package spanchan

import (
	"context"
	"database/sql"
	"sync"

	_ "github.com/duckdb/duckdb-go/v2"
)

const spanRows = 200_000 // expect: pagesize

type span struct{ lo, hi int64 }

func Rehash(ctx context.Context, db *sql.DB, workers int) error {
	var maxRow int64
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM records").Scan(&maxRow); err != nil {
		return err
	}
	spans := make(chan span)
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range spans {
				if _, err := db.ExecContext(ctx, "UPDATE records SET h = hash(payload) WHERE rowid >= ? AND rowid < ?", s.lo, s.hi); err != nil {
					once.Do(func() { first = err })
				}
			}
		}()
	}
	for lo := int64(0); lo <= maxRow; lo += spanRows {
		spans <- span{lo, lo + spanRows}
	}
	close(spans)
	wg.Wait()
	return first
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
