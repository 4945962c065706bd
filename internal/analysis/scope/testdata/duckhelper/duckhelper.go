// Package duckhelper imports no driver; its caller passes the handle.
// read_parquet runs on DuckDB alone, so its handles are DuckDB's.
package duckhelper

import "database/sql"

func Import(db *sql.DB, path string) error {
	_, err := db.Exec("INSERT INTO events SELECT * FROM read_parquet(?)", path)
	return err
}
