// Package channel exports a table with a worker pool: a producer sends
// page offsets over a channel and each worker reads its pages.
package channel

import (
	"context"
	"database/sql"
	"sync"

	_ "github.com/duckdb/duckdb-go/v2"
)

const chunk = 150_000 // expect: pagesize

type Sink func(rows *sql.Rows) error

func Export(ctx context.Context, db *sql.DB, total, workers int, sink Sink) error {
	offsets := make(chan int)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for off := range offsets {
				rows, err := db.QueryContext(ctx, "SELECT * FROM shipments LIMIT ? OFFSET ?", chunk, off) // expect: offsetwalk
				if err != nil {
					errs <- err
					return
				}
				err = sink(rows)
				rows.Close()
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for off := 0; off < total; off += chunk {
		offsets <- off
	}
	close(offsets)
	wg.Wait()
	close(errs)
	return <-errs
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
