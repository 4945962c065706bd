// Package sqlitetoduck converts an app's SQLite database into DuckDB.
// Both handles come from one helper, so which engine a handle is cannot
// be told from the helper alone.
// expect: none
package sqlitetoduck

import (
	"database/sql"
	"fmt"

	_ "github.com/marcboeker/go-duckdb"
	_ "github.com/mattn/go-sqlite3"
)

const readBatch = 100_000

func open(driver, dsn string) (*sql.DB, error) {
	db, err := sql.Open(driver, dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", driver, err)
	}
	return db, db.Ping()
}

func Convert(sqlitePath, duckPath, table string) error {
	src, err := open("sqlite3", sqlitePath)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := open("duckdb", duckPath)
	if err != nil {
		return err
	}
	defer dst.Close()
	tx, err := dst.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for off := 0; ; off += readBatch {
		rows, err := src.Query("SELECT id, name, value FROM "+table+" LIMIT ? OFFSET ?", readBatch, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var name string
			var value float64
			if err := rows.Scan(&id, &name, &value); err != nil {
				rows.Close()
				return err
			}
			if _, err := tx.Exec("INSERT INTO "+table+" VALUES (?, ?, ?)", id, name, value); err != nil {
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n < readBatch {
			break
		}
	}
	return tx.Commit()
}
