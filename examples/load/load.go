// Package load streams rows from a source into DuckDB with the Appender.
package load

import (
	"context"
	"database/sql"
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

// flushEvery bounds the Appender's buffer.
const flushEvery = 1 << 17

// Events appends every row of src to the events table.
func Events(ctx context.Context, db *sql.DB, src *sql.Rows) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "events")
		if err != nil {
			return err
		}
		n := 0
		for src.Next() {
			var id int64
			var name string
			if err := src.Scan(&id, &name); err != nil {
				return err
			}
			if err := app.AppendRow(id, name); err != nil {
				return err
			}
			n++
			if n%flushEvery == 0 {
				if err := app.Flush(); err != nil {
					return err
				}
			}
		}
		return app.Close()
	})
}
