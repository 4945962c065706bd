// Package poller works a queue table: it claims a job, handles it,
// marks it done, and sleeps when the queue is empty; and it imports a
// file with a progress row now and then.
package poller

import (
	"bufio"
	"context"
	"database/sql"
	"io"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Worker struct {
	db   *sql.DB
	idle time.Duration
}

func (w *Worker) next(ctx context.Context) (int64, string, error) {
	var id int64
	var payload string
	err := w.db.QueryRowContext(ctx, "SELECT id, payload FROM jobs WHERE done = false ORDER BY id LIMIT 1").Scan(&id, &payload)
	return id, payload, err
}

func handle(payload string) error { return nil }

// Run works the queue until ctx ends.
func (w *Worker) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		id, payload, err := w.next(ctx)
		if err == sql.ErrNoRows {
			time.Sleep(w.idle)
			continue
		}
		if err != nil {
			return err
		}
		handle(payload)
		if _, err := w.db.ExecContext(ctx, "UPDATE jobs SET done = true WHERE id = ?", id); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// Import counts a file's lines and records its progress every 100,000.
func Import(ctx context.Context, db *sql.DB, name string, r io.Reader) error {
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		if n%100_000 == 0 {
			if _, err := db.ExecContext(ctx, "INSERT INTO import_progress (file, lines) VALUES (?, ?)", name, n); err != nil {
				return err
			}
		}
	}
	return sc.Err()
}
