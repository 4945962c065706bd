// Package broken does not type-check; rowalign still runs on what it can
// see and never panics.
package broken

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const a = b
const b = a

func walk(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) // want `page size 250000`
	}
	undefinedFunc(db)
	var x int = "string"
	for off := 0; ; off += a {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", a, off)
		db.Query(undefinedSQL, 250_000, off)
		missing.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
	}
}

func (r *unknownType) walk() {
	for off := 0; ; off += r.size {
		r.db.Query("SELECT * FROM t LIMIT ? OFFSET ?", r.size, off)
	}
}
