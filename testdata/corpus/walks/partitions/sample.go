// Package partitions samples each day's partition for the data-quality
// checks: a capped read per day, no paging.
// expect: none
package partitions

import (
	"context"
	"database/sql"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"
)

const sampleRows = 100_000

func Sample(ctx context.Context, db *sql.DB, from, to time.Time, check func(day time.Time, rows *sql.Rows) error) error {
	for day := from; day.Before(to); day = day.AddDate(0, 0, 1) {
		rows, err := db.QueryContext(ctx, "SELECT * FROM events WHERE day = ? LIMIT ?", day, sampleRows)
		if err != nil {
			return err
		}
		err = check(day, rows)
		rows.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
