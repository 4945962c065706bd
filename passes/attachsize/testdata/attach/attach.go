// Package attach holds ATTACH and COPY row group options.
package attach

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func attach(db *sql.DB) {
	db.Exec("ATTACH 'a.db' AS a (ROW_GROUP_SIZE 100000)")                           // want `ATTACH ... \(ROW_GROUP_SIZE 100000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 100352$`
	db.Exec("ATTACH 'b.db' AS b (ROW_GROUP_SIZE 204800)")                           // want `^ATTACH \.\.\. \(ROW_GROUP_SIZE 204800\) without STORAGE_VERSION 'v1\.2\.0' or later: older storage formats reject row groups of 122,880 rows or more; add it$`
	db.Exec("ATTACH 'c.db' AS c (ROW_GROUP_SIZE 204800, STORAGE_VERSION 'v1.0.0')") // want `without STORAGE_VERSION 'v1.2.0' or later`
	db.Exec("ATTACH 'd.db' AS d (STORAGE_VERSION 'v1.2.0', ROW_GROUP_SIZE 204800)")
	db.Exec("ATTACH 'e.db' AS e (ROW_GROUP_SIZE 61440)")
	db.Exec("ATTACH 'g.db' AS g (ROW_GROUP_SIZE 200000)") // want `ATTACH ... \(ROW_GROUP_SIZE 200000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 200704 with STORAGE_VERSION 'v1.2.0'$`
	db.Exec("ATTACH 'f.db' AS f")
	db.Exec("COPY t TO 'out.parquet' (FORMAT parquet, ROW_GROUP_SIZE 1000)") // want `COPY ... \(FORMAT parquet, ROW_GROUP_SIZE 1000\): below DuckDB's vector size 2048`
	db.Exec("COPY t TO 'out.parquet' (FORMAT parquet, ROW_GROUP_SIZE 122880)")
	db.Exec("COPY t TO 'out.csv' (FORMAT csv)")
}
