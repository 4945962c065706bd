// Package directive holds //rowalign:ignore directives with and without
// a reason.
package directive

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func walks(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		//rowalign:ignore pages match the downstream consumer's batches
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
	}
}

func noReason(db *sql.DB) {
	//rowalign:ignore // want `^rowalign:ignore needs a reason: write //rowalign:ignore followed by why this size is right, so the next reader knows$`
	for off := 0; ; off += 245_760 {
		db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", off, off+245_760)
	}
}

//rowalign:ignored is another word, not the directive.
var _ = 0

func noReasonTrailing(db *sql.DB) {
	for off := 0; ; off += 245_760 {
		db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", off, off+245_760) //rowalign:ignore // want `needs a reason`
	}
}
