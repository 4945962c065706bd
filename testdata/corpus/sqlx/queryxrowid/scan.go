// Package queryxrowid scans the events table for anomalies, rowid range
// by rowid range, through sqlx.
package queryxrowid

import (
	"context"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
)

type Event struct {
	ID      int64   `db:"id"`
	Latency float64 `db:"latency_ms"`
}

const scanStep = 200_000 // expect: pagesize

func Slow(ctx context.Context, db *sqlx.DB, limitMS float64) ([]int64, error) {
	var maxRow int64
	if err := db.GetContext(ctx, &maxRow, "SELECT max(rowid) FROM events"); err != nil {
		return nil, err
	}
	var slow []int64
	for lo := int64(0); lo <= maxRow; lo += scanStep {
		rows, err := db.QueryxContext(ctx, "SELECT id, latency_ms FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+scanStep)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var e Event
			if err := rows.StructScan(&e); err != nil {
				rows.Close()
				return nil, err
			}
			if e.Latency > limitMS {
				slow = append(slow, e.ID)
			}
		}
		rows.Close()
	}
	return slow, nil
}

func Open(path string) (*sqlx.DB, error) { return sqlx.Connect("duckdb", path) }
