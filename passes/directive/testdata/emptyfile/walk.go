// Package emptyfile is issue 9, bug 3: a package holding an empty .go
// file and a comment-only one crashed the directive scan
// (pass.Fset.File(f.Pos()) on a file without a package clause).
package emptyfile

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
