// Package loadutil holds a project's shared loading helpers.
package loadutil

import (
	"fmt"

	"github.com/duckdb/duckdb-go/v2"
)

// Flush flushes app, naming the table in its error.
func Flush(app *duckdb.Appender, table string) error {
	if err := app.Flush(); err != nil {
		return fmt.Errorf("flush %s: %w", table, err)
	}
	return nil
}
