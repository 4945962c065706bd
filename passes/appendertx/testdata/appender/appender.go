// Package appender holds DuckDB Appender loads in and outside a
// transaction.
package appender

import (
	"context"
	"database/sql"
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

func appenderNoTx(dc driver.Conn, rows [][]driver.Value) error {
	app, err := duckdb.NewAppenderFromConn(dc, "", "events")
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := app.AppendRow(r...); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction: past 204800 rows each auto-flush commits a partial 122880-row group; BEGIN first, COMMIT after Close$`
			return err
		}
	}
	return app.Close()
}

func appenderInTx(ctx context.Context, c *sql.Conn, dc driver.Conn, rows [][]driver.Value) error {
	if _, err := c.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	app, _ := duckdb.NewAppenderFromConn(dc, "", "events")
	for _, r := range rows {
		app.AppendRow(r...)
	}
	app.Close()
	_, err := c.ExecContext(ctx, "COMMIT")
	return err
}

// One row per call: the loop, if any, is the caller's.
func appendOne(app *duckdb.Appender, id int64) error { return app.AppendRow(id) }
