// Package flushes is an events loader that flushes its Appender by
// itself, outside a transaction. A Flush every N rows restarts the
// Appender's automatic count, so below 204,800 the automatic flush never
// runs: what each explicit flush commits is commitsize's finding (a
// misaligned N) or nothing (122,880). Only a flush every 204,800 rows or
// more leaves the automatic flush to run first.
package flushes

import (
	"database/sql/driver"
	"flag"
	"log"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

type event struct {
	ID      int64
	Kind    string
	Payload []byte
}

const flushEvery = 1 << 17 // 131,072 rows

var batchRows = flag.Int("batch", 50_000, "rows per flush")

func loadEvery50k(conn driver.Conn, events []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	defer app.Close()
	for i, e := range events {
		if err := app.AppendRow(e.ID, e.Kind, e.Payload); err != nil {
			return err
		}
		if (i+1)%50_000 == 0 {
			if err := app.Flush(); err != nil {
				return err
			}
			log.Printf("flushed %d events", i+1)
		}
	}
	return nil
}

func loadShifted(conn driver.Conn, events []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	n := 0
	for _, e := range events {
		app.AppendRow(e.ID, e.Kind, e.Payload)
		n++
		if n%flushEvery == 0 {
			app.Flush()
		}
	}
	return app.Close()
}

// Rows are buffered and appended 75,000 at a time.
func loadBuffered(conn driver.Conn, src <-chan event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	var batch []event
	for e := range src {
		batch = append(batch, e)
		if len(batch) == 75_000 {
			for _, b := range batch {
				app.AppendRow(b.ID, b.Kind, b.Payload)
			}
			if err := app.Flush(); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return app.Close()
}

// One whole row group per flush.
func loadAligned(conn driver.Conn, events []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	for i, e := range events {
		app.AppendRow(e.ID, e.Kind, e.Payload)
		if i > 0 && i%122_880 == 0 {
			app.Flush()
		}
	}
	return app.Close()
}

// The flush size is a flag: whether the automatic flush runs first is not
// in the source, so appendertx says nothing. The flag's default, 50,000,
// is a commit size written in the source: commitsize reports it where it
// is written (line 25; see package ssaflow's policy).
func loadFlagSized(conn driver.Conn, events []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	for i, e := range events {
		app.AppendRow(e.ID, e.Kind, e.Payload)
		if (i+1)%*batchRows == 0 {
			app.Flush()
		}
	}
	return app.Close()
}

// Every 500,000 rows: the automatic flush runs twice in between.
func loadEvery500k(conn driver.Conn, events []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	for i, e := range events {
		app.AppendRow(e.ID, e.Kind, e.Payload) // want `^DuckDB Appender fed in a loop outside a transaction`
		if (i+1)%500_000 == 0 {
			app.Flush()
		}
	}
	return app.Close()
}

// The flush is another Appender's: this one still flushes by itself.
func loadTwo(conn driver.Conn, events []event) error {
	evApp, _ := duckdb.NewAppenderFromConn(conn, "", "events")
	auditApp, _ := duckdb.NewAppenderFromConn(conn, "", "audit")
	for i, e := range events {
		evApp.AppendRow(e.ID, e.Kind, e.Payload) // want `^DuckDB Appender fed in a loop outside a transaction`
		auditApp.AppendRow(e.ID)
		if (i+1)%50_000 == 0 {
			auditApp.Flush()
		}
	}
	evApp.Close()
	return auditApp.Close()
}
