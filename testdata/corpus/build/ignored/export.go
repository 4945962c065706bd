// Package ignored exports files for a partner whose importer wants
// exactly 250,000 rows per file; the author silenced rowalign with a reason.
// expect: none
package ignored

import (
	"database/sql"
	"fmt"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"
)

const rowsPerFile = 250_000 //rowalign:ignore the partner's importer requires 250,000 rows per file

func Export(db *sql.DB, dir string) error {
	for part, lo := 0, 0; ; part, lo = part+1, lo+rowsPerFile {
		rows, err := db.Query("SELECT id, v FROM partner_feed WHERE rowid >= ? AND rowid < ?", lo, lo+rowsPerFile)
		if err != nil {
			return err
		}
		f, err := os.Create(fmt.Sprintf("%s/part-%05d.tsv", dir, part))
		if err != nil {
			rows.Close()
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var v string
			rows.Scan(&id, &v)
			fmt.Fprintf(f, "%d\t%s\n", id, v)
			n++
		}
		rows.Close()
		f.Close()
		if n == 0 {
			return nil
		}
	}
}
