package loader

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"iter"
)

// Appender is what the loader needs of a DuckDB Appender. The *Appender of
// github.com/duckdb/duckdb-go/v2 and of github.com/marcboeker/go-duckdb
// have these methods.
type Appender interface {
	AppendRow(args ...driver.Value) error
	Flush() error
	Close() error
}

// Opener opens an Appender for the table catalog.schema.table on the driver
// connection c, inside the transaction the loader has begun on it. The
// parts are those of the table DuckDB binds the name to; catalog is empty
// when that is the current database. See the package documentation for
// the Openers of both DuckDB drivers.
type Opener func(c driver.Conn, catalog, schema, table string) (Appender, error)

// AddFunc appends one row: its values in the table's column order.
type AddFunc func(row ...driver.Value) error

// Target is where a load writes: a *sql.DB, of which Load takes one
// connection for the load, or a *sql.Conn, which Load uses and leaves open.
// A *sql.Tx cannot be used: database/sql does not hand out the driver
// connection behind a transaction, and the Appender needs it.
type Target interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// ErrTarget reports a Target that is neither a *sql.DB nor a *sql.Conn.
var ErrTarget = errors.New("loader: the target must be a *sql.DB or *sql.Conn (the Appender needs the driver connection, which a *sql.Tx or another type does not expose)")

// ErrNoOpener reports a nil Opener.
var ErrNoOpener = errors.New("loader: no Opener: pass the function that opens your driver's Appender (see the package documentation)")

// Stats describes a finished load.
type Stats struct {
	// Rows is the number of rows appended and committed.
	Rows int64
	// Commits is the number of commits the load made: 1, or more with
	// CommitRowGroups.
	Commits int
	// RowGroupSize is the unit the loader flushed and committed at.
	RowGroupSize int64
	// TailRows is the number of rows in the destination's last row group
	// before the load when that group was partial (0 when it was whole or
	// the table empty): the load's rows start a new group after it, and the
	// partial group stays.
	TailRows int64
}

// Load appends the rows fill passes to add into table, inside one
// transaction (see [CommitRowGroups]), through the Appender open returns.
// It returns what it appended; on any error, nothing it appended is
// committed (with CommitRowGroups, nothing after the last commit that
// [Stats] counts) and the error says where the load stopped. An error fill
// returns is returned as it is (wrapped with the row count; errors.Is sees
// it).
func Load(ctx context.Context, db Target, table string, open Opener, fill func(add AddFunc) error, opts ...Option) (Stats, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return Stats{}, err
	}
	if open == nil {
		return Stats{}, ErrNoOpener
	}
	n, err := parseName(table)
	if err != nil {
		return Stats{}, err
	}
	conn, release, err := connOf(ctx, db)
	if err != nil {
		return Stats{}, err
	}
	l := &load{ctx: ctx, conn: conn, name: n, cfg: cfg, open: open}
	defer func() {
		// A panic in fill (or the driver) leaves the transaction open:
		// the connection goes with it rather than back to the pool.
		if r := recover(); r != nil {
			release(errBadConn{fmt.Errorf("loader: panic: %v", r)})
			panic(r)
		}
	}()
	l.run(fill)
	if err := l.ctx.Err(); l.bad != nil && err != nil && !errors.Is(l.bad, err) {
		// DuckDB reports a statement the cancellation interrupted as its
		// own INTERRUPT error: the caller's errors.Is(err, ctx.Err())
		// must still hold.
		l.bad = fmt.Errorf("%w: %w", err, l.bad)
	}
	return l.stats, release(l.bad)
}

// LoadSeq is [Load] with the rows given as a sequence: each element is one
// row's values in the table's column order, or an error that stops the load
// and rolls it back. The loader does not keep a row after appending it, so
// the sequence may reuse one slice for every row.
func LoadSeq(ctx context.Context, db Target, table string, open Opener, rows iter.Seq2[[]driver.Value, error], opts ...Option) (Stats, error) {
	return Load(ctx, db, table, open, func(add AddFunc) error {
		for row, err := range rows {
			if err != nil {
				return err
			}
			if err := add(row...); err != nil {
				return err
			}
		}
		return nil
	}, opts...)
}

// connOf returns the connection to load on and the function that gives it
// back. release(bad) closes a connection Load took from a *sql.DB; when bad
// is set (a rollback failed, so the connection may still be inside the
// load's transaction) it first makes database/sql discard the driver
// connection instead of pooling it. A caller's *sql.Conn is left open, but a
// bad one is discarded all the same: its next use then fails with
// sql.ErrConnDone rather than run inside a half-finished transaction.
func connOf(ctx context.Context, db Target) (*sql.Conn, func(err error) error, error) {
	switch db := db.(type) {
	case *sql.DB:
		c, err := db.Conn(ctx)
		if err != nil {
			return nil, nil, fmt.Errorf("loader: taking a connection: %w", err)
		}
		return c, func(err error) error {
			discardIfBad(c, err)
			c.Close()
			return err
		}, nil
	case *sql.Conn:
		return db, func(err error) error {
			discardIfBad(db, err)
			return err
		}, nil
	}
	return nil, nil, fmt.Errorf("%w: got %T", ErrTarget, db)
}

// errBadConn marks a load whose connection must not be reused.
type errBadConn struct{ err error }

func (e errBadConn) Error() string { return e.err.Error() }
func (e errBadConn) Unwrap() error { return e.err }

// discardIfBad makes database/sql close c's driver connection when err
// says a rollback failed: returning driver.ErrBadConn from Raw's function is
// database/sql's documented way to discard a connection.
func discardIfBad(c *sql.Conn, err error) {
	var bad errBadConn
	if !errors.As(err, &bad) {
		return
	}
	c.Raw(func(any) error { return driver.ErrBadConn })
}

// load is one run of Load.
type load struct {
	ctx   context.Context
	conn  *sql.Conn
	name  name
	cfg   *config
	open  Opener
	stats Stats
	bad   error // the error Load returns
}

// run performs the load and sets l.stats and l.bad.
func (l *load) run(fill func(AddFunc) error) {
	unit, tail, err := l.unit()
	if err != nil {
		l.bad = err
		return
	}
	l.stats.RowGroupSize, l.stats.TailRows = unit, tail
	flushEvery := unit * int64(l.cfg.flushGroups)
	var commitEvery int64
	if l.cfg.commitGroups > 0 {
		commitEvery = unit * int64(l.cfg.commitGroups)
	}

	if err := l.begin(); err != nil {
		l.bad = err
		return
	}
	var (
		app      Appender
		pending  int64 // rows appended since the last commit
		unflushd int64 // rows appended since the last flush
		fillErr  error
		addErr   error
	)
	err = l.conn.Raw(func(dc any) error {
		c, ok := dc.(driver.Conn)
		if !ok {
			return fmt.Errorf("loader: the driver connection %T is not a driver.Conn", dc)
		}
		if app, err = l.open(c, l.name.catalog, l.name.schema, l.name.table); err != nil {
			return fmt.Errorf("loader: %s: opening the Appender: %w", l.name.raw, oneLine(err))
		}
		add := func(row ...driver.Value) error {
			if addErr != nil {
				return addErr
			}
			// ctx.Err takes a lock: asking once a vector (2,048 rows) keeps
			// it off the per-row path and still stops within a vector.
			if (l.stats.Rows+pending)%ctxCheckRows == 0 {
				if err := l.ctx.Err(); err != nil {
					addErr = err
					return err
				}
			}
			if err := app.AppendRow(row...); err != nil {
				addErr = fmt.Errorf("loader: %s: row %d: %w", l.name.raw, l.stats.Rows+pending+1, rowless(err))
				return addErr
			}
			pending++
			unflushd++
			if unflushd == flushEvery {
				unflushd = 0
				if err := app.Flush(); err != nil {
					addErr = fmt.Errorf("loader: %s: flushing after row %d: %w", l.name.raw, l.stats.Rows+pending, oneLine(err))
					return addErr
				}
			}
			if pending == commitEvery {
				if err := execRaw(c, `COMMIT`); err != nil {
					addErr = fmt.Errorf("loader: %s: commit after %d rows: %w", l.name.raw, l.stats.Rows+pending, oneLine(err))
					return addErr
				}
				l.stats.Rows += pending
				l.stats.Commits++
				pending = 0
				if err := execRaw(c, `BEGIN TRANSACTION`); err != nil {
					addErr = errBadConn{fmt.Errorf("loader: %s: begin after %d committed rows: %w", l.name.raw, l.stats.Rows, oneLine(err))}
					return addErr
				}
			}
			return nil
		}
		fillErr = fill(add)
		if fillErr == nil && addErr == nil {
			if err := l.ctx.Err(); err != nil {
				addErr = err
			}
		}
		cerr := app.Close()
		if fillErr != nil || addErr != nil {
			return nil
		}
		if cerr != nil {
			addErr = fmt.Errorf("loader: %s: closing the Appender: %w", l.name.raw, oneLine(cerr))
		}
		return nil
	})
	switch {
	case err != nil:
		l.bad = l.rollback(err)
	case addErr != nil:
		l.bad = l.rollback(addErr)
	case fillErr != nil:
		l.bad = l.rollback(fmt.Errorf("loader: %s: the rows stopped after %d: %w", l.name.raw, l.stats.Rows+pending, fillErr))
	default:
		if _, err := l.conn.ExecContext(context.WithoutCancel(l.ctx), `COMMIT`); err != nil {
			l.bad = l.rollback(fmt.Errorf("loader: %s: commit: %w", l.name.raw, oneLine(err)))
			return
		}
		l.stats.Rows += pending
		l.stats.Commits++
	}
}

// ctxCheckRows is how often the loader asks whether its context is done: one
// DuckDB vector (2,048 rows).
const ctxCheckRows = 2048

// begin opens the load's transaction with a plain BEGIN statement rather
// than database/sql's BeginTx: the Appender must run on the transaction's
// driver connection, which a *sql.Tx does not hand out. The statement runs
// with a context that is not cancelled, so that it either begins or fails,
// never begins and reports the cancellation (a duckdb-go race that leaves a
// pooled connection inside a transaction); ctx is asked right after.
func (l *load) begin() error {
	if _, err := l.conn.ExecContext(context.WithoutCancel(l.ctx), `BEGIN TRANSACTION`); err != nil {
		return fmt.Errorf("loader: %s: begin: %w", l.name.raw, oneLine(err))
	}
	if err := l.ctx.Err(); err != nil {
		return l.rollback(err)
	}
	return nil
}

// execRaw runs a statement without arguments on a driver connection, from
// inside Raw, where database/sql's own methods would wait for the
// connection Raw holds. Both DuckDB drivers implement ExecerContext.
func execRaw(c driver.Conn, stmt string) error {
	e, ok := c.(driver.ExecerContext)
	if !ok {
		return fmt.Errorf("the driver connection %T cannot run %s (no ExecContext)", c, stmt)
	}
	_, err := e.ExecContext(context.Background(), stmt, nil)
	return err
}

// rollback ends the load's transaction after err and returns err. A
// rollback that fails leaves the connection in an unknown state: the result
// is then marked so that the connection is discarded, never pooled.
func (l *load) rollback(err error) error {
	if _, rerr := l.conn.ExecContext(context.WithoutCancel(l.ctx), `ROLLBACK`); rerr != nil {
		return errBadConn{fmt.Errorf("%w (and the rollback failed: %v; the connection is discarded)", err, oneLine(rerr))}
	}
	return err
}
