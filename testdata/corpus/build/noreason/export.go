// Package noreason silenced rowalign without saying why.
package noreason

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

//rowalign:ignore // expect: directive
const span = 100_000 // expect: pagesize

func Count(db *sql.DB) (int, error) {
	total := 0
	for lo := 0; ; lo += span {
		var n int
		if err := db.QueryRow("SELECT count(*) FROM t WHERE rowid >= ? AND rowid < ?", lo, lo+span).Scan(&n); err != nil {
			return 0, err
		}
		if n == 0 {
			return total, nil
		}
		total += n
	}
}
