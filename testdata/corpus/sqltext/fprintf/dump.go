// Package fprintf dumps tables for the nightly backup; each page's query
// is written into a strings.Builder with fmt.Fprintf.
package fprintf

import (
	"database/sql"
	"fmt"
	"io"
	"strings"

	_ "github.com/duckdb/duckdb-go/v2"
)

const backupPage = 400_000 // expect: pagesize

func Dump(db *sql.DB, table string, cols []string, w io.Writer) error {
	for off := 0; ; off += backupPage {
		var b strings.Builder
		fmt.Fprintf(&b, "SELECT %s FROM %s", strings.Join(cols, ", "), table)
		fmt.Fprintf(&b, " LIMIT %d OFFSET %d", backupPage, off)
		rows, err := db.Query(b.String()) // expect: offsetwalk
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return err
			}
			fmt.Fprintln(w, vals...)
			n++
		}
		rows.Close()
		if n < backupPage {
			return nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
