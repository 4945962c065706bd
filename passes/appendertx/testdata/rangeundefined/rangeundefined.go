// Package rangeundefined is issue 9, bug 4: a loop over a name that does
// not type-check crashed the walk finder (TypeOf(x).Underlying() on a nil
// type), although the checks run despite type errors.
package rangeundefined

import (
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

func load(dc driver.Conn) {
	app, _ := duckdb.NewAppenderFromConn(dc, "", "events")
	for _, r := range undefinedName { // the type error is the point of the fixture
		app.AppendRow(r) // want `DuckDB Appender fed in a loop outside a transaction`
	}
	app.Close()
}
