// Package exportedflags is issue 9, bug 1: flags set on an exported
// analyzer (-scope, -wrappers) did not reach the scope its checks read.
// The package is DuckDB code only through mydb, which -wrappers names, or
// with -scope=all.
package exportedflags

import "example.com/fixtures/exportedflags/mydb"

func walk() {
	db, _ := mydb.Open()
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", off, off+250_000) // want `page size 250000`
	}
}
