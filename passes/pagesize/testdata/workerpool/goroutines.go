// Package workerpool scans tables with pools of goroutines, each given
// its share of the table.
package workerpool

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"

	_ "github.com/duckdb/duckdb-go/v2"
)

// CountShards counts rows with one goroutine per shard, the lower bound
// passed as the goroutine's argument.
func CountShards(db *sql.DB, workers int) int64 {
	const shard = 250_000 // want `^page size shard = 250000 splits`
	var total atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(lo int) {
			defer wg.Done()
			var n int64
			if err := db.QueryRow("SELECT count(*) FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+shard).Scan(&n); err == nil {
				total.Add(n)
			}
		}(w * shard)
	}
	wg.Wait()
	return total.Load()
}

// ExportParallel pages with OFFSET, each goroutine given its offset.
func ExportParallel(ctx context.Context, db *sql.DB, pages int, sink func(*sql.Rows)) {
	var wg sync.WaitGroup
	for p := range pages {
		wg.Add(1)
		go func(off int) {
			defer wg.Done()
			rows, err := db.QueryContext(ctx, "SELECT * FROM events LIMIT 100000 OFFSET ?", off) // want `^page size 100000 is smaller than`
			if err == nil {
				sink(rows)
			}
		}(p * 100000)
	}
	wg.Wait()
}

// Checksum hashes ranges with wg.Go, the errgroup shape: the closure
// captures the loop's variables (one per iteration since Go 1.22).
func Checksum(ctx context.Context, db *sql.DB, total int64) {
	const step = int64(300_000) // want `^page size step = 300000 splits`
	var wg sync.WaitGroup
	for lo := int64(0); lo < total; lo += step {
		wg.Go(func() {
			db.QueryRowContext(ctx, "SELECT hash(list(e)) FROM events e WHERE rowid >= ? AND rowid < ?", lo, lo+step)
		})
	}
	wg.Wait()
}

// Shards computes each shard's bounds inside the goroutine from its
// index.
func Shards(db *sql.DB, n int) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			lo := i * 200_000
			hi := lo + 200_000 // want `^page size 200000 splits`
			db.Query("SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, hi)
		})
	}
	wg.Wait()
}

// AlignedShards use whole row groups: no page size finding.
func AlignedShards(db *sql.DB, workers int) {
	const shard = 245_760
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func(lo int) {
			defer wg.Done()
			db.Query("SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+shard)
		}(w * shard)
	}
	wg.Wait()
}

// Tables counts every table at once: one goroutine per table, each
// reading from row 0, is a pool over different tables, not a walk.
func Tables(db *sql.DB, tables []string) {
	var wg sync.WaitGroup
	for _, t := range tables {
		wg.Add(1)
		go func(table string, lo int) {
			defer wg.Done()
			db.Query("SELECT * FROM "+table+" WHERE rowid >= ? AND rowid < ?", lo, lo+100_000)
		}(t, 0)
	}
	wg.Wait()
}

// Request is one page a client asked for.
type Request struct {
	Offset, Limit int
}

// Serve answers requests concurrently: the offsets are the requests'.
func Serve(db *sql.DB, reqs []Request) {
	var wg sync.WaitGroup
	for _, r := range reqs {
		wg.Add(1)
		go func(r Request) {
			defer wg.Done()
			db.Query("SELECT * FROM events LIMIT ? OFFSET ?", r.Limit, r.Offset)
		}(r)
	}
	for i := range reqs {
		wg.Go(func() {
			db.Query("SELECT * FROM events LIMIT ? OFFSET ?", reqs[i].Limit, reqs[i].Offset)
		})
	}
	wg.Wait()
}
