// Package flushaligned loads trades with the Appender and flushes every
// row group (122,880 rows).
// expect: none
package flushaligned

import (
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"
)

type Trade struct {
	Symbol string
	Price  float64
	Qty    int64
}

const flushEvery = 122_880

func Load(conn driver.Conn, trades func(yield func(Trade) bool)) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "trades")
	if err != nil {
		return err
	}
	n := 0
	for t := range trades {
		if err := app.AppendRow(t.Symbol, t.Price, t.Qty); err != nil {
			app.Close()
			return err
		}
		n++
		if n%flushEvery == 0 {
			if err := app.Flush(); err != nil {
				app.Close()
				return err
			}
		}
	}
	return app.Close()
}
