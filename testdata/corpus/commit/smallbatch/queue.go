// Package smallbatch drains a job queue into DuckDB, committing every 500
// rows so consumers see the jobs promptly.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package smallbatch

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const commitEvery = 500

func Drain(db *sql.DB, jobs <-chan string) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	n := 0
	for j := range jobs {
		if _, err := tx.Exec("INSERT INTO jobs (payload) VALUES (?)", j); err != nil { // expect: rowbyrow
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
