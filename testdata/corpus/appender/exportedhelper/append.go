// Package exportedhelper is a small library: AppendAll appends every row
// it is given; who calls it, and in which transaction, is not in sight.
package exportedhelper

import (
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"
)

// AppendAll appends rows to table through the Appender.
func AppendAll(dc driver.Conn, table string, rows [][]driver.Value) error {
	app, err := duckdb.NewAppenderFromConn(dc, "", table)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := app.AppendRow(r...); err != nil { // expect: appendertx
			app.Close()
			return err
		}
	}
	return app.Close()
}
