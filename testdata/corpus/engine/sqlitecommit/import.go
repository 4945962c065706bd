// Package sqlitecommit imports a CSV into an embedded SQLite database,
// committing every 50,000 rows.
// expect: none
package sqlitecommit

import (
	"database/sql"
	"encoding/csv"
	"io"

	_ "modernc.org/sqlite"
)

func Import(path string, r io.Reader) error {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return err
	}
	defer db.Close()
	cr := csv.NewReader(r)
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	for n := 1; ; n++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			tx.Rollback()
			return err
		}
		if _, err := tx.Exec("INSERT INTO places VALUES (?, ?, ?)", rec[0], rec[1], rec[2]); err != nil {
			tx.Rollback()
			return err
		}
		if n%50_000 == 0 {
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
