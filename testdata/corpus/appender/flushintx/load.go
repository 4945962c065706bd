// Package flushintx loads a day of metrics with the Appender inside one
// transaction, flushing every 100,000 rows to bound the Appender's memory;
// inside the transaction the flushes commit nothing.
// expect: none
package flushintx

import (
	"context"
	"database/sql"
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"
)

const flushRows = 100_000

func Load(ctx context.Context, db *sql.DB, points <-chan [3]any) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	err = conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "metrics")
		if err != nil {
			return err
		}
		n := 0
		for p := range points {
			if err := app.AppendRow(p[0], p[1], p[2]); err != nil {
				app.Close()
				return err
			}
			n++
			if n%flushRows == 0 {
				if err := app.Flush(); err != nil {
					app.Close()
					return err
				}
			}
		}
		return app.Close()
	})
	if err != nil {
		conn.ExecContext(ctx, "ROLLBACK")
		return err
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}
