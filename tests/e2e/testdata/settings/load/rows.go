package load

import "database/sql"

// SaveRows writes one row per statement for every row of a query, each
// committing alone: a rowbyrow finding, gone with -checks=all,-rowbyrow.
func SaveRows(db *sql.DB, src *sql.Rows) error {
	for src.Next() {
		var id int64
		if err := src.Scan(&id); err != nil {
			return err
		}
		if _, err := db.Exec("INSERT INTO saved VALUES (?)", id); err != nil {
			return err
		}
	}
	return src.Err()
}
