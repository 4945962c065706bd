// Package gotowalk is a port of a C exporter: its page loop is a label
// and a goto.
package gotowalk

import (
	"database/sql"
	"fmt"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

const pageRows = 245_760

// Dump prints every event.
func Dump(db *sql.DB, w io.Writer) error {
	off := 0
next:
	rows, err := db.Query("SELECT id, kind FROM events ORDER BY id LIMIT ? OFFSET ?", pageRows, off) // want `^LIMIT/OFFSET page walk with ORDER BY: every page sorts the rest of the table again \(quadratic\); use rowalign's pager.Pages$`
	if err != nil {
		return err
	}
	n := 0
	for rows.Next() {
		var id int64
		var kind string
		if err := rows.Scan(&id, &kind); err != nil {
			rows.Close()
			return err
		}
		fmt.Fprintln(w, id, kind)
		n++
	}
	rows.Close()
	if n == pageRows {
		off += pageRows
		goto next
	}
	return rows.Err()
}

// Retry reads one page and tries again on error, with a goto: the
// offset does not move, no walk.
func Retry(db *sql.DB, off int) (*sql.Rows, error) {
	tries := 0
again:
	rows, err := db.Query("SELECT id FROM events ORDER BY id LIMIT ? OFFSET ?", pageRows, off)
	if err != nil && tries < 3 {
		tries++
		goto again
	}
	return rows, err
}
