// Package rowid holds rowid range walks.
package rowid

import (
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

func halfOpen(db *sql.DB, total int) {
	for lo := 0; lo < total; lo += 250_000 {
		db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", lo, lo+250_000) // want `page size 250000 splits`
	}
}

func between(db *sql.DB, total int64) {
	const step = 100_000 // want `page size step = 100000 is smaller than`
	for lo := int64(0); lo < total; lo += step {
		db.Query("SELECT * FROM t WHERE rowid BETWEEN ? AND ?", lo, lo+step-1)
	}
}

func hiVariable(db *sql.DB) {
	lo := 0
	for {
		hi := lo + 300000 // want `page size 300000`
		db.Query(fmt.Sprintf("SELECT * FROM t WHERE rowid >= %d AND rowid < %d", lo, hi))
		lo = hi
	}
}

func alignedRange(db *sql.DB) {
	for lo := 0; ; lo += 245_760 {
		db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", lo, lo+245_760)
	}
}

// One range from a request: no walk.
func oneRange(db *sql.DB, lo int) {
	db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", lo, lo+250_000)
}
