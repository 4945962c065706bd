// Package testfiles is a nightly exporter with its tests: the tests walk
// and load small tables with sizes written for speed, not for DuckDB's
// row groups, and are not reported unless -tests is set.
package testfiles

import (
	"database/sql"
	"encoding/csv"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

// testPage is the page the tests walk with; only they use it.
const testPage = 25_000

const exportPage = 250_000 // want `page size exportPage = 250000 splits`

// Export writes the events table as CSV, one page at a time.
func Export(db *sql.DB, w *csv.Writer) error {
	for off := 0; ; off += exportPage {
		rows, err := db.Query("SELECT id, kind FROM events LIMIT ? OFFSET ?", exportPage, off)
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
			w.Write([]string{fmt.Sprint(id), kind})
			n++
		}
		rows.Close()
		if n < exportPage {
			return rows.Err()
		}
	}
}
