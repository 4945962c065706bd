// Package floatconst pages through a table; the author wrote the page
// size in scientific notation.
package floatconst

import (
	"database/sql"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

const pageSize = 1e5 // expect: pagesize

func Copy(db *sql.DB, w io.Writer) error {
	for off := 0; ; off += pageSize {
		rows, err := db.Query("SELECT line FROM logs LIMIT ? OFFSET ?", pageSize, off) // expect: offsetwalk
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var line string
			rows.Scan(&line)
			io.WriteString(w, line+"\n")
			n++
		}
		rows.Close()
		if n < pageSize {
			return nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
