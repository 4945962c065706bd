// Package lake attaches a new database file with large row groups from a
// module that links DuckDB 2.0.0, whose default storage format takes them.
package lake

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Open(db *sql.DB) error {
	// DuckDB 2.0 accepts 204,800-row groups without STORAGE_VERSION: no
	// finding.
	if _, err := db.Exec("ATTACH 'lake.duckdb' AS lake (ROW_GROUP_SIZE 204800)"); err != nil {
		return err
	}
	// A size that is not a multiple of the vector size is still rejected;
	// the size the message and the fix give needs no storage version.
	_, err := db.Exec("ATTACH 'big.duckdb' AS big (ROW_GROUP_SIZE 150000)") // want `^ATTACH \.\.\. \(ROW_GROUP_SIZE 150000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 149504$`
	return err
}

func Main() *sql.DB {
	db, _ := sql.Open("duckdb", "")
	return db
}
