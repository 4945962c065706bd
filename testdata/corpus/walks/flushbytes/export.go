// Package flushbytes exports a table to a file over a slow mount: reads
// in aligned rowid spans, writes flushed every 250,000 bytes.
// expect: none
package flushbytes

import (
	"bufio"
	"database/sql"
	"fmt"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"
)

const (
	flushBytes = 250_000
	spanRows   = 122_880
)

func Export(db *sql.DB, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, flushBytes)
	defer w.Flush()
	for lo := 0; ; lo += spanRows {
		rows, err := db.Query("SELECT id, body FROM notes WHERE rowid >= ? AND rowid < ?", lo, lo+spanRows)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var body string
			rows.Scan(&id, &body)
			fmt.Fprintf(w, "%d\t%q\n", id, body)
			if w.Buffered() >= flushBytes {
				w.Flush()
			}
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
