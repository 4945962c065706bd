// Package pgworkers backfills DuckDB from Postgres with a worker pool:
// each worker reads its id span from Postgres, spans passed as goroutine
// arguments; the DuckDB writes go through one transaction.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package pgworkers

import (
	"context"
	"database/sql"
	"sync"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

const span = 100_000

type Backfill struct {
	Source *sql.DB
	Dest   *sql.DB
}

func Open(pgDSN, duckPath string) (*Backfill, error) {
	src, err := sql.Open("postgres", pgDSN)
	if err != nil {
		return nil, err
	}
	dst, err := sql.Open("duckdb", duckPath)
	if err != nil {
		return nil, err
	}
	return &Backfill{Source: src, Dest: dst}, nil
}

func (b *Backfill) Run(ctx context.Context, maxID int64, workers int) error {
	tx, err := b.Dest.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	sem := make(chan struct{}, workers)
	for lo := int64(0); lo <= maxID; lo += span {
		wg.Add(1)
		sem <- struct{}{}
		go func(lo int64) {
			defer wg.Done()
			defer func() { <-sem }()
			rows, err := b.Source.QueryContext(ctx, "SELECT id, amount FROM payments WHERE id >= $1 AND id < $2", lo, lo+span)
			if err != nil {
				errs <- err
				return
			}
			defer rows.Close()
			for rows.Next() {
				var id int64
				var amount float64
				if err := rows.Scan(&id, &amount); err != nil {
					errs <- err
					return
				}
				mu.Lock()
				_, err := tx.ExecContext(ctx, "INSERT INTO payments VALUES (?, ?)", id, amount) // expect: rowbyrow
				mu.Unlock()
				if err != nil {
					errs <- err
					return
				}
			}
		}(lo)
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	return tx.Commit()
}
