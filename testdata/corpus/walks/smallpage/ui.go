// Package smallpage fills the admin grid; it walks the small lookup
// table 5,000 rows at a time, below rowalign's -min: a walk of a whole
// table is reported at any size below a row group (issue 17).
package smallpage

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const gridRows = 5_000 // expect: pagesize

func LoadAll(db *sql.DB) ([]string, error) {
	var out []string
	for lo := 0; ; lo += gridRows {
		rows, err := db.Query("SELECT code FROM countries WHERE rowid >= ? AND rowid < ?", lo, lo+gridRows)
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var c string
			rows.Scan(&c)
			out = append(out, c)
			n++
		}
		rows.Close()
		if n == 0 {
			return out, nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
