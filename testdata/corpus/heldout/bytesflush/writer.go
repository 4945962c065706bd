// Package bytesflush commits an import every 64 MiB of input, a byte
// budget, not a row count.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package bytesflush

import (
	"bufio"
	"database/sql"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

const flushBytes = 64 << 20

func Import(db *sql.DB, r io.Reader) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(r)
	size := 0
	for sc.Scan() {
		line := sc.Text()
		if _, err := tx.Exec("INSERT INTO raw VALUES (?)", line); err != nil { // expect: rowbyrow
			tx.Rollback()
			return err
		}
		size += len(line)
		if size >= flushBytes {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = db.Begin(); err != nil {
				return err
			}
			size = 0
		}
	}
	return tx.Commit()
}
