// Package lake attaches database files with large row groups from a
// module that links DuckDB 2.0.0, whose default storage format takes them
// on a new file; an existing file of storage version 64 (DuckDB 1.5's
// default) rejects them without STORAGE_VERSION.
package lake

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Open(db *sql.DB) error {
	// DuckDB 2.0 accepts 204,800-row groups without STORAGE_VERSION on a
	// new file, or one of storage version 65 to 69, and rejects them on one
	// of 64: reported, with no fix (a version-69 file refuses 'v1.2.0').
	if _, err := db.Exec("ATTACH 'lake.duckdb' AS lake (ROW_GROUP_SIZE 204800)"); err != nil { // want `^ATTACH \.\.\. \(ROW_GROUP_SIZE 204800\) without STORAGE_VERSION: DuckDB 2\.0 rejects it on a file of storage version 64 \(DuckDB 1\.5's default\); add STORAGE_VERSION 'v1\.2\.0' for those$`
		return err
	}
	// With a storage version of 1.2 or later: no finding.
	if _, err := db.Exec("ATTACH 'v12.duckdb' AS v12 (ROW_GROUP_SIZE 245760, STORAGE_VERSION 'v1.2.0')"); err != nil {
		return err
	}
	// An older storage version written out is rejected on any DuckDB; the
	// user changes it by hand (no fix).
	if _, err := db.Exec("ATTACH 'v10.duckdb' AS v10 (ROW_GROUP_SIZE 245760, STORAGE_VERSION 'v1.0.0')"); err != nil { // want `^ATTACH \.\.\. \(ROW_GROUP_SIZE 245760\) without STORAGE_VERSION 'v1\.2\.0' or later: older storage formats reject row groups of 122,880 rows or more; add it$`
		return err
	}
	// A size that is not a multiple of the vector size is still rejected;
	// the size the fix gives needs no storage version on a new file, and
	// the message says a file of storage version 64 wants one.
	_, err := db.Exec("ATTACH 'big.duckdb' AS big (ROW_GROUP_SIZE 150000)") // want `^ATTACH \.\.\. \(ROW_GROUP_SIZE 150000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 149504 \(and STORAGE_VERSION 'v1\.2\.0' for a file of storage version 64\)$`
	return err
}

func Main() *sql.DB {
	db, _ := sql.Open("duckdb", "")
	return db
}
