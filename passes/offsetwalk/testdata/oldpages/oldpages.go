// Package oldpages walks a table by LIMIT/OFFSET on DuckDB 1.1 (the
// original driver path, github.com/marcboeker/go-duckdb v1): there every
// page scans the whole table, timed at 10,000-row pages only.
package oldpages

import (
	"database/sql"

	_ "github.com/marcboeker/go-duckdb"
)

func walk(db *sql.DB) {
	for off := 0; ; off += 10_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 10_000, off) // want `^LIMIT/OFFSET page walk without ORDER BY: on DuckDB 1\.1 \(marcboeker/go-duckdb\) each page scans the whole table \(3\.9x the time of whole row groups\); use rowalign's pager.Pages \(whole row groups\)$`
	}
}

func bigWalk(db *sql.DB) {
	for off := 0; ; off += 50_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 50_000, off) // want `^LIMIT/OFFSET page walk without ORDER BY: on DuckDB 1\.1 \(marcboeker/go-duckdb\) each page scans the whole table; use rowalign's pager.Pages \(whole row groups\)$`
	}
}
