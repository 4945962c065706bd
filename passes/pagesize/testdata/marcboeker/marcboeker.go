// Package marcboeker uses the original driver path.
package marcboeker

import (
	"database/sql"

	_ "github.com/marcboeker/go-duckdb"
)

func walk(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) // want `^page size 250000 splits DuckDB.s 122880-row row groups: on DuckDB 1\.1 \(marcboeker/go-duckdb\) each page reads the whole table: use fewer, larger pages; use 245_760$`
	}
}
