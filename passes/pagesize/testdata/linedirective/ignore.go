package linedirective

import "database/sql"

func ignored(db *sql.DB) {
//line other.go:40
	for off := 0; ; off += 250_000 {
		//rowalign:ignore pages match the consumer's batches
		db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", off, off+250_000)
	}
}
