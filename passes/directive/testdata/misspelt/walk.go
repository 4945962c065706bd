// Package misspelt is issue 9, bug 3: a file whose package clause is
// misspelt has no package position either.
package misspelt

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func walk(db *sql.DB) {
	//rowalign:ignore // want `rowalign:ignore needs a reason`
	for off := 0; ; off += 245_760 {
		db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", off, off+245_760)
	}
}
