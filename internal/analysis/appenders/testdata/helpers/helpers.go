// Package helpers is a project's shared DuckDB helpers, whose Use facts
// its importers read.
package helpers

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"

	"github.com/duckdb/duckdb-go/v2"
)

// Flush flushes app.
func Flush(app *duckdb.Appender, table string) error { // want Flush:`appender: flushes \[0\] appends \[\]`
	if err := app.Flush(); err != nil {
		return fmt.Errorf("flush %s: %w", table, err)
	}
	return nil
}

// Finish closes app through Flush's sibling: a helper of a helper.
func Finish(table string, app *duckdb.Appender) error { // want Finish:`appender: flushes \[1\] appends \[\]`
	return closeApp(app)
}

func closeApp(app *duckdb.Appender) error { return app.Close() }

// Sink holds an Appender.
type Sink struct {
	app *duckdb.Appender
	n   int
}

// Put appends one row.
func (s *Sink) Put(id int64) error { // want Put:`appender: flushes \[\] appends \[-1\]`
	return s.app.AppendRow(id)
}

// PutAll appends many: a load of its own, not one row per call.
func (s *Sink) PutAll(ids []int64) error {
	for _, id := range ids {
		if err := s.app.AppendRow(id); err != nil {
			return err
		}
	}
	return nil
}

// Add appends one row and flushes every 1,000 itself.
func (s *Sink) Add(id int64) error { // want Add:`appender: flushes \[-1\] appends \[\]`
	s.n++
	if s.n%1_000 == 0 {
		defer s.app.Flush()
	}
	return s.app.AppendRow(id)
}

// Count neither appends nor flushes.
func (s *Sink) Count() int { return s.n }

// FlushAll flushes every Appender of a map, in the order of names: the
// map is what it flushes.
func FlushAll(apps map[string]*duckdb.Appender, names []string) error { // want FlushAll:`appender: flushes \[0\] appends \[\]`
	for _, name := range names {
		if a, ok := apps[name]; ok {
			if err := a.Flush(); err != nil {
				return err
			}
		}
	}
	return nil
}

// CloseAll closes every Appender of a slice.
func CloseAll(apps []*duckdb.Appender) error { // want CloseAll:`appender: flushes \[0\] appends \[\]`
	for _, a := range apps {
		if err := a.Close(); err != nil {
			return err
		}
	}
	return nil
}

// WithTx runs load with an Appender on table between BEGIN and COMMIT;
// report is called outside it.
func WithTx(conn *sql.Conn, table string, load func(*duckdb.Appender) error, report func()) error { // want WithTx:`calls \[2\] in a transaction` WithTx:`commits`
	defer report()
	if _, err := conn.ExecContext(context.Background(), "BEGIN TRANSACTION"); err != nil {
		return err
	}
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", table)
		if err != nil {
			return err
		}
		defer app.Close()
		return load(app)
	})
	if err != nil {
		return err
	}
	_, err = conn.ExecContext(context.Background(), "COMMIT")
	return err
}

// WithAppender runs load in autocommit.
func WithAppender(dc driver.Conn, table string, load func(*duckdb.Appender) error) error {
	app, err := duckdb.NewAppenderFromConn(dc, "", table)
	if err != nil {
		return err
	}
	defer app.Close()
	return load(app)
}

// InTx runs fn in a transaction on db and commits it.
func InTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error { // want InTx:`commits`
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// CommitEach commits once per statement: per iteration of its own
// loop, not once per call.
func CommitEach(ctx context.Context, db *sql.DB, stmts []string) error {
	for _, s := range stmts {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		tx.ExecContext(ctx, s)
		tx.Commit()
	}
	return nil
}
