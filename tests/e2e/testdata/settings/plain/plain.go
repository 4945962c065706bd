// Package plain uses database/sql without a DuckDB driver: out of scope
// unless -scope=all.
package plain

import "database/sql"

const plainPage = 250_000

func Walk(db *sql.DB) {
	for off := 0; ; off += plainPage {
		db.Query("SELECT * FROM plain LIMIT ? OFFSET ?", plainPage, off)
	}
}
