// Package cross holds walks whose loop is in another function than the query.
package cross

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// page is called by two walks with their own sizes and by one request.
func page(db *sql.DB, off, n int) {
	db.Query("SELECT * FROM t LIMIT ? OFFSET ?", n, off) // walk: LIMIT/OFFSET walk write=false sites=250000,100000 strides=250000,100000
}

func walkA(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		page(db, off, 250_000)
	}
}

func walkB(db *sql.DB) {
	for i := 0; i < 10; i++ {
		page(db, i*100_000, 100_000)
	}
}

func request(db *sql.DB, off int) {
	page(db, off, 7)
}

// span bounds a range a worker reads; the loop feeding it commits.
type span struct{ lo, hi int }

func copyRanges(db *sql.DB, total int) {
	jobs := make(chan span, 1)
	go func() {
		for sp := range jobs {
			db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", sp.lo, sp.hi) // walk: rowid range walk write=false sites=300 strides=300
		}
	}()
	for lo := 0; lo < total; lo += 300 {
		jobs <- span{lo: lo, hi: lo + 300}
	}
}

func commitPages(db *sql.DB) {
	read := func(tx *sql.Tx, lo int) {
		tx.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", lo, lo+400) // walk: rowid range walk write=true sites=400 strides=400
	}
	for lo := 0; ; lo += 400 {
		tx, _ := db.Begin()
		read(tx, lo)
		tx.Commit()
	}
}
