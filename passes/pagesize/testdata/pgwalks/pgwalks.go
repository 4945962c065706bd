// Package pgwalks is a PostgreSQL service with the walk shapes of
// pagehelper, closurewalk, workerpool and iterspans: no DuckDB in sight,
// so none of them is reported, whatever its sizes.
package pgwalks

import (
	"context"
	"database/sql"
	"iter"
	"sync"

	_ "github.com/lib/pq"
)

const pageSize = 250_000

func fetchPage(ctx context.Context, db *sql.DB, off, n int) (*sql.Rows, error) {
	return db.QueryContext(ctx, "SELECT * FROM events LIMIT $1 OFFSET $2", n, off)
}

// Export pages through a helper.
func Export(ctx context.Context, db *sql.DB) {
	for off := 0; ; off += pageSize {
		rows, err := fetchPage(ctx, db, off, pageSize)
		if err != nil || !rows.Next() {
			return
		}
		rows.Close()
	}
}

// ExportClosure pages through a closure defined before the loop.
func ExportClosure(ctx context.Context, db *sql.DB, total int) {
	fetch := func(off int) error {
		_, err := db.QueryContext(ctx, "SELECT * FROM events LIMIT $1 OFFSET $2", 100_000, off)
		return err
	}
	for off := 0; off < total; off += 100_000 {
		if fetch(off) != nil {
			return
		}
	}
}

// Shards reads ctid-free id ranges with goroutines.
func Shards(db *sql.DB, workers int) {
	const shard = 300_000
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(lo int) {
			defer wg.Done()
			db.Query("SELECT * FROM events OFFSET $1 LIMIT $2", lo, shard)
		}(w * shard)
	}
	wg.Wait()
}

type span struct{ lo, hi int }

// Pool feeds workers offsets over a channel.
func Pool(db *sql.DB, total int) {
	jobs := make(chan span)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for sp := range jobs {
				db.Query("SELECT * FROM events LIMIT $1 OFFSET $2", sp.hi-sp.lo, sp.lo)
			}
		})
	}
	for lo := 0; lo < total; lo += 200_000 {
		jobs <- span{lo, lo + 200_000}
	}
	close(jobs)
	wg.Wait()
}

func bounds(total, size int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for lo := 0; lo < total; lo += size {
			if !yield(lo, size) {
				return
			}
		}
	}
}

// Iter pages through an iterator yielding bounds.
func Iter(db *sql.DB, total int) {
	for off, n := range bounds(total, 200_000) {
		db.Query("SELECT * FROM events LIMIT $1 OFFSET $2", n, off)
	}
}
