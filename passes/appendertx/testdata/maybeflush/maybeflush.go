// Package trades loads a day of trades through an Appender and lets the
// project's dbutil.MaybeFlush flush it every 200,000 rows: under the
// automatic 204,800-row flush, which therefore never runs (what the
// 200,000-row flushes commit is commitsize's finding).
package trades

import (
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/dbutil"
)

type Trade struct {
	Symbol string
	Price  float64
	Qty    int64
}

func LoadDay(conn driver.Conn, day []Trade) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "trades")
	if err != nil {
		return err
	}
	for i, t := range day {
		if err := app.AppendRow(t.Symbol, t.Price, t.Qty); err != nil {
			return err
		}
		if err := dbutil.MaybeFlush(app, i+1); err != nil {
			return err
		}
	}
	return app.Close()
}
