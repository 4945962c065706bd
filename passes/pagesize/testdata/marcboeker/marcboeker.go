// Package marcboeker uses the original driver path.
package marcboeker

import (
	"database/sql"

	_ "github.com/marcboeker/go-duckdb"
)

func walk(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) // want `page size 250000`
	}
}
