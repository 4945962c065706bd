// Package hexliteral copies a table into a backup schema one committed
// page at a time; the author wrote the page size in hex.
package hexliteral

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const copyPage = 0x3D090 // expect: commitsize

func Backup(db *sql.DB, table string) error {
	for lo := 0; ; lo += copyPage {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		res, err := tx.Exec("INSERT INTO backup."+table+" SELECT * FROM "+table+" WHERE rowid >= ? AND rowid < ?", lo, lo+copyPage)
		if err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
