// Package nobegin bulk-loads sensor readings with DuckDB's Appender,
// straight from a channel, with no transaction around the load.
package nobegin

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"time"

	"github.com/duckdb/duckdb-go/v2"
)

type Reading struct {
	Sensor string
	At     time.Time
	Value  float64
}

func Load(ctx context.Context, db *sql.DB, in <-chan Reading) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "readings")
		if err != nil {
			return err
		}
		for r := range in {
			if err := app.AppendRow(r.Sensor, r.At, r.Value); err != nil { // expect: appendertx
				app.Close()
				return err
			}
		}
		return app.Close()
	})
}
