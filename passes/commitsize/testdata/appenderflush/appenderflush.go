// Package appenderflush loads events through DuckDB's Appender, flushing
// it every N rows. Outside a transaction each flush is a commit, and the
// Appender also flushes by itself every 204,800 rows: a flush every
// 245,760 rows still left partial row groups (issue 24), so the fix is a
// multiple of the row group no larger than 204,800.
package appenderflush

import (
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

type Event struct {
	ID   int64
	Kind string
}

const flushEvery = 250_000 // want `^commit size flushEvery = 250000 splits DuckDB.s 122880-row row groups: each flush commits and leaves partial row groups; use 122_880$`

// Load appends the events with no transaction open.
func Load(conn driver.Conn, events []Event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	for i, e := range events {
		if err := app.AppendRow(e.ID, e.Kind); err != nil {
			return err
		}
		if (i+1)%flushEvery == 0 {
			if err := app.Flush(); err != nil {
				return err
			}
		}
	}
	return app.Close()
}

// LoadSmall flushes every 150,000 rows: 122,880 is the multiple under the
// Appender's own flush.
func LoadSmall(conn driver.Conn, events []Event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	for i, e := range events {
		app.AppendRow(e.ID, e.Kind)
		if (i+1)%150_000 == 0 { // want `^commit size 150000 splits DuckDB's 122880-row row groups: .*; use 122_880$`
			app.Flush()
		}
	}
	return app.Close()
}
