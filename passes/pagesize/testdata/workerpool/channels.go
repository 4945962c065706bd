package workerpool

import (
	"context"
	"database/sql"
	"sync"
)

// span is a rowid range [lo, hi) handed to a worker.
type span struct{ lo, hi int64 }

// CopyParallel copies a table with workers fed rowid spans over a
// channel: the walk is the producer's loop, the query runs in a worker.
func CopyParallel(ctx context.Context, db *sql.DB, total int64, workers int) {
	const pageSize = 250_000 // want `^page size pageSize = 250000 splits`
	jobs := make(chan span)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for sp := range jobs {
				db.QueryContext(ctx, "SELECT * FROM events WHERE rowid >= ? AND rowid < ?", sp.lo, sp.hi)
			}
		})
	}
	for lo := int64(0); lo < total; lo += pageSize {
		jobs <- span{lo, min(lo+pageSize, total)}
	}
	close(jobs)
	wg.Wait()
}

// worker reads the pages whose offsets arrive on offsets.
func worker(ctx context.Context, db *sql.DB, offsets <-chan int, out chan<- int) {
	for off := range offsets {
		rows, err := db.QueryContext(ctx, "SELECT * FROM logs LIMIT ? OFFSET ?", logPage, off)
		if err != nil {
			continue
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		out <- n
	}
}

const logPage = 100_000 // want `^page size logPage = 100000 is smaller than`

// CountLogs starts workers and sends them every page's offset.
func CountLogs(ctx context.Context, db *sql.DB, total, workers int) int {
	offsets := make(chan int, workers)
	counts := make(chan int, workers)
	for range workers {
		go worker(ctx, db, offsets, counts)
	}
	go func() {
		for off := 0; off < total; off += logPage {
			offsets <- off
		}
		close(offsets)
	}()
	sum := 0
	for range (total + logPage - 1) / logPage {
		sum += <-counts
	}
	return sum
}

// job is one table for a worker.
type job struct {
	table string
	off   int
}

// Snapshot reads the head of every table through a pool: the offset each
// job carries is 0, a pool over different tables, not a walk.
func Snapshot(db *sql.DB, tables []string) {
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for j := range jobs {
				db.Query("SELECT * FROM "+j.table+" LIMIT 100000 OFFSET ?", j.off)
			}
		})
	}
	for _, t := range tables {
		jobs <- job{table: t}
	}
	close(jobs)
	wg.Wait()
}

// Dispatch serves client requests through a pool: the offsets are the
// requests'.
func Dispatch(db *sql.DB, reqs []Request) {
	queue := make(chan Request)
	go func() {
		for _, r := range reqs {
			queue <- r
		}
		close(queue)
	}()
	for r := range queue {
		db.Query("SELECT * FROM events LIMIT ? OFFSET ?", r.Limit, r.Offset)
	}
}
