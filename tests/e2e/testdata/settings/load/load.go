// Package load is DuckDB client code (it imports the driver): every
// setting but -scope and -wrappers changes what is reported here.
package load

import (
	"database/sql"
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

// CopyFlushSized commits every 204,800 rows: misaligned with the default
// row group, aligned with -rowgroup=204800.
func CopyFlushSized(db *sql.DB, src *sql.Rows) {
	tx, _ := db.Begin()
	for n := 1; src.Next(); n++ {
		if n%204_800 == 0 {
			tx.Commit()
			tx, _ = db.Begin()
		}
	}
	tx.Commit()
}

// CopyTwoGroups commits every 245,760 rows: two default row groups, but
// not a multiple of 204,800.
func CopyTwoGroups(db *sql.DB, src *sql.Rows) {
	tx, _ := db.Begin()
	for n := 1; src.Next(); n++ {
		if n%245_760 == 0 {
			tx.Commit()
			tx, _ = db.Begin()
		}
	}
	tx.Commit()
}

// CopySmall flushes an Appender every 50,000 rows with no transaction
// open, each flush a commit: reported unless -min is above it.
func CopySmall(conn driver.Conn, ids []int64) {
	app, _ := duckdb.NewAppenderFromConn(conn, "", "small")
	for n, id := range ids {
		app.AppendRow(id)
		if n%50_000 == 0 {
			app.Flush()
		}
	}
	app.Close()
}

const loadPage = 250_000

// Walk pages with LIMIT/OFFSET: a pagesize finding on loadPage and an
// offsetwalk finding on the query.
func Walk(db *sql.DB) {
	for off := 0; ; off += loadPage {
		db.Query("SELECT * FROM load LIMIT ? OFFSET ?", loadPage, off)
	}
}
