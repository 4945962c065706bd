// Package wrapper reaches DuckDB through another package: in scope.
package wrapper

import "example.com/fixtures/duckwrap"

func walk() {
	db, _ := duckwrap.Open()
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) // want `page size 250000`
	}
}
