// Package named reads the measurements table with DuckDB's named
// parameters, bound with sql.Named.
package named

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const pageRows = 250_000 // expect: pagesize

func Mean(db *sql.DB) (float64, error) {
	var sum float64
	var count int
	for off := 0; ; off += pageRows {
		rows, err := db.Query("SELECT value FROM measurements LIMIT $lim OFFSET $off", sql.Named("lim", pageRows), sql.Named("off", off)) // expect: offsetwalk
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			var v float64
			if err := rows.Scan(&v); err != nil {
				rows.Close()
				return 0, err
			}
			sum += v
			n++
		}
		rows.Close()
		count += n
		if n < pageRows {
			break
		}
	}
	if count == 0 {
		return 0, nil
	}
	return sum / float64(count), nil
}

func Open() (*sql.DB, error) { return sql.Open("duckdb", "sensors.duckdb") }
