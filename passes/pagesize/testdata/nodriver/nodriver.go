// Package nodriver pages through some database that is not DuckDB: out
// of scope, silent.
package nodriver

import "database/sql"

func walk(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
	}
}
