// Package getwalk sums revenue span by span with sqlx's Get, to report
// progress on a long table.
package getwalk

import (
	"log"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
)

const step = 100_000 // expect: pagesize

func Revenue(db *sqlx.DB) (float64, error) {
	var maxRow int64
	if err := db.Get(&maxRow, "SELECT max(rowid) FROM orders"); err != nil {
		return 0, err
	}
	var total float64
	for lo := int64(0); lo <= maxRow; lo += step {
		var part float64
		if err := db.Get(&part, "SELECT coalesce(sum(amount), 0) FROM orders WHERE rowid >= ? AND rowid < ?", lo, lo+step); err != nil {
			return 0, err
		}
		total += part
		log.Printf("%d/%d", lo, maxRow)
	}
	return total, nil
}

func Open(path string) (*sqlx.DB, error) { return sqlx.Connect("duckdb", path) }
