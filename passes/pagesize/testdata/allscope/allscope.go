// Package allscope is not DuckDB code; linted only with -scope=all.
package allscope

import "database/sql"

func walk(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) // want `page size 250000`
	}
}
