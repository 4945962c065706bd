// Package goroutine computes per-shard aggregates in parallel: each
// worker gets its rowid span as a goroutine argument.
package goroutine

import (
	"context"
	"database/sql"
	"sync"

	_ "github.com/duckdb/duckdb-go/v2"
)

const shard = 100_000 // expect: pagesize

func Sum(ctx context.Context, db *sql.DB, workers int) (float64, error) {
	var (
		mu    sync.Mutex
		total float64
		first error
		wg    sync.WaitGroup
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(lo int) {
			defer wg.Done()
			var s sql.NullFloat64
			err := db.QueryRowContext(ctx, "SELECT sum(amount) FROM payments WHERE rowid >= ? AND rowid < ?", lo, lo+shard).Scan(&s)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && first == nil {
				first = err
			}
			total += s.Float64
		}(w * shard)
	}
	wg.Wait()
	return total, first
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
