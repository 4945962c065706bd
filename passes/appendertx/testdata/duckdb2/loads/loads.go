// Package loads holds Appender loads in a module that links DuckDB 2.0.0,
// which cuts a row group at every flush, in a transaction too.
package loads

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
		if err := app.AppendRow(r...); err != nil { // want `^DuckDB Appender fed in a loop: on DuckDB 2.0 each auto-flush past 204800 rows leaves a partial 122880-row group, in a transaction too; call Flush every 122880 rows, or use rowalign's loader$`
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
		app.AppendRow(r...) // want `^DuckDB Appender fed in a loop: on DuckDB 2.0 each auto-flush past 204800 rows leaves a partial 122880-row group, in a transaction too; call Flush every 122880 rows, or use rowalign's loader$`
	}
	app.Close()
	_, err := c.ExecContext(ctx, "COMMIT")
	return err
}

// flushed flushes every row group: whole groups on 2.0 too.
func flushed(ctx context.Context, c *sql.Conn, dc driver.Conn, rows [][]driver.Value) error {
	if _, err := c.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	app, _ := duckdb.NewAppenderFromConn(dc, "", "events")
	for i, r := range rows {
		app.AppendRow(r...)
		if (i+1)%122880 == 0 {
			app.Flush()
		}
	}
	app.Close()
	_, err := c.ExecContext(ctx, "COMMIT")
	return err
}
