package typedbatch

import (
	"database/sql"

	lim "example.com/fixtures/typedbatch/limits"
)

// migrateItems names the row type through an import name of its own: the
// fix must write lim.Rows, not limits.Rows.
func migrateItems(db *sql.DB, src *sql.Rows) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	batch := lim.Rows(3) * 100_000 // want `commit size batch = 300000 splits`
	var n lim.Rows
	for src.Next() {
		if _, err := tx.Exec("INSERT INTO items VALUES (?)", n); err != nil {
			return err
		}
		n++
		if n%batch == 0 {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = db.Begin(); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}
