// Package shiftflush appends generated test data and flushes every 1<<17
// rows, a power of two the author found tidy.
package shiftflush

import (
	"database/sql/driver"
	"math/rand/v2"

	duckdb "github.com/marcboeker/go-duckdb/v2"
)

func Generate(conn driver.Conn, rows int) error {
	app, err := duckdb.NewAppender(conn, "", "main", "synthetic")
	if err != nil {
		return err
	}
	for i := 0; i < rows; i++ {
		if err := app.AppendRow(int64(i), rand.Float64()); err != nil {
			app.Close()
			return err
		}
		if (i+1)%(1<<17) == 0 { // expect: commitsize
			if err := app.Flush(); err != nil {
				app.Close()
				return err
			}
		}
	}
	return app.Close()
}
