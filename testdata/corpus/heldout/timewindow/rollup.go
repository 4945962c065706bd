// Package timewindow rolls up metrics hour by hour: the walk steps through
// time, not rows, so no row count is involved.
// expect: none
package timewindow

import (
	"context"
	"database/sql"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Rollup(ctx context.Context, db *sql.DB, from, to time.Time) error {
	for t := from; t.Before(to); t = t.Add(time.Hour) {
		if _, err := db.ExecContext(ctx, `INSERT INTO hourly SELECT ?, count(*) FROM metrics WHERE ts >= ? AND ts < ?`, t, t, t.Add(time.Hour)); err != nil {
			return err
		}
	}
	return nil
}
