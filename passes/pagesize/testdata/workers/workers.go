// Package workers is an exporter whose page sizes reach the walk through
// methods, closures, goroutines, channels and iterators.
package workers

import (
	"database/sql"
	"iter"
	"sync"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Config is the exporter's configuration.
type Config struct {
	Table string
	page  int
}

// PageSize is the configured page size, or the default.
func (c *Config) PageSize() int {
	if c.page > 0 {
		return c.page
	}
	return 200_000 // want `page size 200000 splits`
}

func exportWithConfig(db *sql.DB, cfg *Config) {
	size := cfg.PageSize()
	for off := 0; ; off += size {
		db.Query("SELECT * FROM events LIMIT ? OFFSET ?", size, off)
	}
}

// A closure reads the size its function set.
func exportClosure(db *sql.DB) {
	size := 150_000 // want `page size size = 150000 splits`
	walk := func(table string) {
		for off := 0; ; off += size {
			db.Query("SELECT * FROM "+table+" LIMIT ? OFFSET ?", size, off)
		}
	}
	walk("events")
	walk("sessions")
}

// A goroutine per table, its page size an argument.
func exportParallel(db *sql.DB, tables []string) {
	var wg sync.WaitGroup
	for _, t := range tables {
		wg.Add(1)
		go func(table string, n int) {
			defer wg.Done()
			for off := 0; ; off += n {
				db.Query("SELECT * FROM "+table+" LIMIT ? OFFSET ?", n, off)
			}
		}(t, 300_000) // want `page size 300000 splits`
	}
	wg.Wait()
}

// A deferred final walk.
func exportOnExit(db *sql.DB) {
	defer func(n int) {
		for lo := 0; ; lo += n {
			db.Query("SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+n)
		}
	}(130_000) // want `page size 130000 splits`
}

// A pool of workers fed by a channel of jobs.
type job struct {
	table string
	rows  int
}

func worker(db *sql.DB, jobs <-chan job, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		for off := 0; ; off += j.rows {
			db.Query("SELECT * FROM "+j.table+" LIMIT ? OFFSET ?", j.rows, off)
		}
	}
}

func exportPool(db *sql.DB, tables []string) {
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go worker(db, jobs, &wg)
	}
	for _, t := range tables {
		jobs <- job{table: t, rows: 400_000} // want `page size rows = 400000 splits`
	}
	close(jobs)
	wg.Wait()
}

// Page sizes sent on a channel of ints.
func sizeWorker(db *sql.DB, sizes chan int) {
	for n := range sizes {
		for off := 0; ; off += n {
			db.Query("SELECT * FROM sessions LIMIT ? OFFSET ?", n, off)
		}
	}
}

func feedSizes(db *sql.DB) {
	sizes := make(chan int, 1)
	go sizeWorker(db, sizes)
	sizes <- 110_000 // want `page size 110000 is smaller than`
	close(sizes)
}

// An iterator that yields each page's size.
func pageSizes(total, step int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for done := 0; done < total; done += step {
			if !yield(min(step, total-done)) {
				return
			}
		}
	}
}

func exportIter(db *sql.DB) {
	off := 0
	for n := range pageSizes(10_000_000, 500_000) { // want `page size 500000 splits`
		db.Query("SELECT * FROM events LIMIT ? OFFSET ?", n, off)
		off += n
	}
}
