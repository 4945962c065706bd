// Package flushhelpers flushes its Appenders through helpers every N
// rows, outside a transaction: each flush commits N rows.
package flushhelpers

import (
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/loadutil"
)

type metric struct {
	Name  string
	Value float64
}

const flushRows = 100_000 // want `^commit size flushRows = 100000 is smaller than DuckDB's 122880-row row group`

func loadMetrics(conn driver.Conn, metrics []metric) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "metrics")
	if err != nil {
		return err
	}
	for i, m := range metrics {
		if err := app.AppendRow(m.Name, m.Value); err != nil {
			return err
		}
		if (i+1)%flushRows == 0 {
			if err := loadutil.Flush(app, "metrics"); err != nil {
				return err
			}
		}
	}
	return app.Close()
}

func loadWithClosure(conn driver.Conn, metrics []metric) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "metrics")
	if err != nil {
		return err
	}
	pending := 0
	flush := func() error {
		pending = 0
		return app.Flush()
	}
	for _, m := range metrics {
		if err := app.AppendRow(m.Name, m.Value); err != nil {
			return err
		}
		pending++
		if pending == 60_000 { // want `^commit size 60000 is smaller than DuckDB's 122880-row row group`
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return app.Close()
}
