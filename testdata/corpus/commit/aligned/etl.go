// Package aligned commits its load every two row groups.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package aligned

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const commitEvery = 2 * 122_880

func Load(db *sql.DB, rows <-chan [3]any) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	n := 0
	for r := range rows {
		if _, err := tx.Exec("INSERT INTO facts VALUES (?, ?, ?)", r[0], r[1], r[2]); err != nil { // expect: rowbyrow
			tx.Rollback()
			return err
		}
		n++
		if n%commitEvery == 0 {
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

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
