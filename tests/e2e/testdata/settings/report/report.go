// Package report reaches DuckDB only through package duck, which does not
// import the driver: out of scope unless -wrappers names duck or
// -scope=all.
package report

import "example.com/settings/duck"

const reportPage = 250_000

func Walk() {
	db, _ := duck.Open()
	for off := 0; ; off += reportPage {
		db.Query("SELECT * FROM report LIMIT ? OFFSET ?", reportPage, off)
	}
}
