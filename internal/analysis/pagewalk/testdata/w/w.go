package w

import (
	"database/sql"
	"database/sql/driver"
	"flag"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

var size = flag.Int("size", 1000, "page size")

func walks(db *sql.DB, src *sql.Rows, dc driver.Conn) {
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) // walk: LIMIT/OFFSET walk write=false sites=250000 strides=250000
	}
	for lo := 0; ; lo += 100 {
		db.Exec("INSERT INTO d SELECT * FROM t WHERE rowid >= ? AND rowid < ?", lo, lo+100) // walk: rowid range walk write=true sites=100 strides=100
	}
	last := 0
	for {
		rows, _ := db.Query("SELECT id FROM t WHERE id > ? ORDER BY id LIMIT 5000", last) // walk: keyset walk write=false sites=5000 strides=
		for rows.Next() {
			rows.Scan(&last)
		}
	}
	for off := 0; ; off += *size {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", *size, off) // walk: LIMIT/OFFSET walk write=false sites= strides=
	}
	app, _ := duckdb.NewAppenderFromConn(dc, "", "t")
	for n := 0; src.Next(); n++ {
		if n >= 7 && n%300 == 0 {
			app.Flush() // walk: commit loop write=true sites=300 strides=
		}
	}
	db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 10, 20) // not a walk
}
