//go:build linux || darwin

// Package tags exports a table; the Unix build writes to a named pipe.
package tags

import (
	"database/sql"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"
)

const pipeRows = 180_000 // expect: pagesize

func ExportToPipe(db *sql.DB, path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	for lo := 0; ; lo += pipeRows {
		rows, err := db.Query("SELECT line FROM log_lines WHERE rowid >= ? AND rowid < ?", lo, lo+pipeRows)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var line string
			rows.Scan(&line)
			f.WriteString(line + "\n")
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}
