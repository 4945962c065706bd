package safety

import (
	"context"
	"database/sql"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/rowalign/rowalign/runtime/pager"
)

// countdown is a context that cancels itself when it is consulted (Done or
// Err) for the at-th time, by anyone: the pager, database/sql or the
// driver. Running an operation with at = 1, 2, ... cancels it at every
// point where the context is consulted, in turn.
type countdown struct {
	context.Context
	cancel func()
	calls  atomic.Int64
	at     int64
}

func newCountdown(at int64) *countdown {
	ctx, cancel := context.WithCancel(context.Background())
	return &countdown{Context: ctx, cancel: cancel, at: at}
}

func (c *countdown) tick() {
	if c.calls.Add(1) == c.at {
		c.cancel()
	}
}

func (c *countdown) Done() <-chan struct{} { c.tick(); return c.Context.Done() }

func (c *countdown) Err() error { c.tick(); return c.Context.Err() }

// maxConsults bounds the countdown: an operation of the scenario consulted
// its context 100-169 times on DuckDB 1.5.6 and 50-87 times on 1.1.3
// (2026-12-01, the scenario's log lines "completed when its context was
// consulted n times"), so reaching this means the operation never
// completes.
const maxConsults = 1000

// Cancel is the regression scenario for a pool poisoned by a cancellation
// (issue 16): duckdb-go can return the context's error from BeginTx after
// DuckDB began the transaction, and database/sql then pools the connection
// inside it; with SetMaxOpenConns(1) every later statement failed. Pages,
// Walk, Copy and Copy with From run on a one-connection *sql.DB and on a
// caller's *sql.Conn, cancelled at every point where their context is
// consulted; after each, the *sql.DB (or the Conn) must run SELECT 1 and
// BEGIN ... ROLLBACK (no transaction left open) and hold no connection.
func Cancel(t *testing.T) {
	db := open(t, "")
	db.SetMaxOpenConns(1)
	fill(t, db, "t", 0, 5000)
	exec(t, db, `CREATE TABLE d (id BIGINT, v VARCHAR)`)
	var from pager.Cursor
	for p, err := range pager.Pages(context.Background(), db, "t") {
		if err != nil {
			t.Fatal(err)
		}
		if from, err = p.Cursor(); err != nil {
			t.Fatal(err)
		}
	}
	exec(t, db, `INSERT INTO t SELECT 9000 + range, 'late' FROM range(100)`)
	ops := map[string]func(context.Context, pager.Querier) error{
		"Pages": func(ctx context.Context, q pager.Querier) error {
			for p, err := range pager.Pages(ctx, q, "t") {
				if err != nil {
					return err
				}
				for p.Rows.Next() {
				}
				if _, err := p.Cursor(); err != nil {
					return err
				}
			}
			return nil
		},
		"Walk": func(ctx context.Context, q pager.Querier) error {
			return pager.Walk(ctx, q, "t", func(p *pager.Page) error {
				for p.Rows.Next() {
				}
				return nil
			})
		},
		"Copy": func(ctx context.Context, q pager.Querier) error {
			return copied(t, q, func() (int64, error) { return pager.Copy(ctx, q, "t", "d") })
		},
		"Copy From": func(ctx context.Context, q pager.Querier) error {
			return copied(t, q, func() (int64, error) { return pager.Copy(ctx, q, "t", "d", pager.From(from)) })
		},
	}
	// A pooled connection that other code left inside a transaction: the
	// walk's BeginTx fails on it, and the pager discards it rather than
	// return it to the pool.
	exec(t, db, `BEGIN TRANSACTION`)
	if err := ops["Pages"](context.Background(), db); err == nil {
		t.Fatal("a walk began a transaction inside another one")
	}
	if err := healthy(db, db); err != nil {
		t.Fatalf("after a failed BeginTx: %v", err)
	}
	for _, op := range []string{"Pages", "Walk", "Copy", "Copy From"} {
		for _, via := range []string{"*sql.DB", "*sql.Conn"} {
			t.Run(op+" on "+via, func(t *testing.T) {
				for at := int64(1); ; at++ {
					if at == maxConsults {
						t.Fatalf("still cancelled at the %d-th consultation of its context", at)
					}
					ctx := newCountdown(at)
					var err error
					if via == "*sql.DB" {
						err = ops[op](ctx, db)
						if herr := healthy(db, db); herr != nil {
							t.Fatalf("cancelled at the %d-th consultation (%v), then: %v", at, err, herr)
						}
					} else {
						c, cerr := db.Conn(context.Background())
						if cerr != nil {
							t.Fatal(cerr)
						}
						err = ops[op](ctx, c)
						herr := healthy(c, nil)
						c.Close()
						if herr == nil {
							herr = healthy(db, db)
						}
						if herr != nil {
							t.Fatalf("cancelled at the %d-th consultation (%v), then: %v", at, err, herr)
						}
					}
					ctx.cancel()
					if ctx.calls.Load() < at {
						if err != nil {
							t.Fatalf("not cancelled, yet: %v", err)
						}
						t.Logf("completed when its context was consulted %d times", ctx.calls.Load())
						return // no point left where it is consulted
					}
				}
			})
		}
	}
}

// healthy returns an error unless q runs SELECT 1 and a transaction of its
// own (BEGIN fails inside one left open), and db (when not nil) holds no
// connection in use.
func healthy(q querier, db *sql.DB) error {
	if db != nil {
		if n := db.Stats().InUse; n != 0 {
			return fmt.Errorf("%d connections still in use", n)
		}
	}
	ctx := context.Background()
	for _, s := range []string{`SELECT 1`, `BEGIN TRANSACTION`, `ROLLBACK`} {
		if _, err := q.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}

// copied runs copy and fails t unless d holds exactly the rows it reports
// copied: none when it fails. It counts on q, the copy's own querier (the
// pool has one connection).
func copied(t *testing.T, q pager.Querier, copy func() (int64, error)) error {
	t.Helper()
	count := func() (n int64) {
		if err := q.QueryRowContext(context.Background(), `SELECT count(*) FROM d`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := count()
	n, err := copy()
	if err != nil && n != 0 {
		t.Fatalf("Copy reported %d rows and %v", n, err)
	}
	if after := count(); after-before != n {
		t.Fatalf("Copy reported %d rows (%v), the destination got %d", n, err, after-before)
	}
	return err
}
