// Package cgo reads rows from DuckDB and hands them to a C scoring
// library; the package itself uses cgo.
package cgo

/*
#include <stdlib.h>

static double score(double x) { return x * 0.5; }
*/
import "C"

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const scoreRows = 250_000 // expect: pagesize

func ScoreAll(db *sql.DB) (float64, error) {
	var total float64
	for lo := 0; ; lo += scoreRows {
		rows, err := db.Query("SELECT x FROM samples WHERE rowid >= ? AND rowid < ?", lo, lo+scoreRows)
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			var x float64
			rows.Scan(&x)
			total += float64(C.score(C.double(x)))
			n++
		}
		rows.Close()
		if n == 0 {
			return total, nil
		}
	}
}
