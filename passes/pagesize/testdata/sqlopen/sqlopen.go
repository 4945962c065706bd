// Package sqlopen opens DuckDB by driver name only (the driver is
// imported elsewhere, in main): in scope.
package sqlopen

import "database/sql"

func walk() {
	db, _ := sql.Open("duckdb", "events.db")
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) // want `page size 250000`
	}
}
