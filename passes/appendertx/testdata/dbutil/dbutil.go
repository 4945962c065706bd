// Package dbutil holds a project's shared DuckDB helpers: the loaders of
// other packages flush and feed their Appenders through it.
package dbutil

import (
	"fmt"
	"log"
	"time"

	"github.com/duckdb/duckdb-go/v2"
)

// FlushAppender flushes app and logs how long it took.
func FlushAppender(app *duckdb.Appender) error {
	start := time.Now()
	if err := app.Flush(); err != nil {
		return fmt.Errorf("flush appender: %w", err)
	}
	log.Printf("appender flushed in %s", time.Since(start))
	return nil
}

// Writer counts the events it appends.
type Writer struct {
	app  *duckdb.Appender
	rows int
}

// NewWriter wraps app.
func NewWriter(app *duckdb.Appender) *Writer { return &Writer{app: app} }

// Write appends one event.
func (w *Writer) Write(id int64, kind string) error {
	w.rows++
	return w.app.AppendRow(id, kind)
}

// Sync flushes the Appender the Writer holds.
func (w *Writer) Sync() error {
	if err := w.app.Flush(); err != nil {
		return fmt.Errorf("sync after %d rows: %w", w.rows, err)
	}
	return nil
}

// Close closes it.
func (w *Writer) Close() error { return w.app.Close() }

// Counter appends one row per call and flushes by itself every 1,000:
// its callers' loops never reach the Appender's own flush.
type Counter struct {
	app *duckdb.Appender
	n   int
}

// Add appends one row.
func (c *Counter) Add(id int64) error {
	if err := c.app.AppendRow(id); err != nil {
		return err
	}
	c.n++
	if c.n%1_000 == 0 {
		return c.app.Flush()
	}
	return nil
}

// flushEvery bounds the rows an Appender holds between MaybeFlush's
// flushes.
const flushEvery = 200_000

// MaybeFlush flushes app when n rows have been appended since the
// start, every 200,000.
func MaybeFlush(app *duckdb.Appender, n int) error {
	if n > 0 && n%flushEvery == 0 {
		return app.Flush()
	}
	return nil
}
