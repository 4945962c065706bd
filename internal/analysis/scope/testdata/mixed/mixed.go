// Package mixed talks to SQLite and DuckDB through handles it is given:
// where a handle's engine is unknown, rowalign stays silent.
package mixed

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// openCache opens the local cache, a SQLite file.
func openCache(path string) (*sql.DB, error) {
	return sql.Open("sqlite3", path)
}

// Export walks whatever handle the caller passes.
func Export(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
	}
}

// Either may get either engine.
func Either(useCache bool) {
	cache, _ := openCache("cache.db")
	duck, _ := sql.Open("duckdb", "")
	db := duck
	if useCache {
		db = cache
	}
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
	}
}
