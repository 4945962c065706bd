// Package smallrange seeds a lookup table with 2,048 generated rows.
// expect: none
package smallrange

import (
	"database/sql/driver"
	"fmt"

	"github.com/duckdb/duckdb-go/v2"
)

func Seed(dc driver.Conn) error {
	app, err := duckdb.NewAppenderFromConn(dc, "", "buckets")
	if err != nil {
		return err
	}
	for i := range 2048 {
		if err := app.AppendRow(int64(i), fmt.Sprintf("bucket-%04d", i)); err != nil {
			app.Close()
			return err
		}
	}
	return app.Close()
}
