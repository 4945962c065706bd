// Package smallload is what the duckdb-go and go-duckdb test suites
// taught (scripts/realcode, 2026-11-30): an Appender loop that provably
// stays under the automatic flush at 204,800 rows commits once, at Close,
// and costs nothing appendertx describes. All 19 appendertx findings on
// those modules were test loads far below that flush: 7 loops bounded in
// the source (now silent by the rule below), 12 whose bound the source
// does not show (now silent because they are in test files).
package smallload

import (
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

// Loads that never reach the automatic flush at 204,800 rows commit once.
func appenderSmall(dc driver.Conn) {
	app, _ := duckdb.NewAppenderFromConn(dc, "", "events")
	const rowCount = 2048
	for i := range rowCount {
		app.AppendRow(i)
	}
	for i := 0; i < 100_000; i++ {
		app.AppendRow(i)
	}
	cases := []string{"a", "b"}
	for _, c := range cases {
		app.AppendRow(c)
	}
	for i := range make([]int, 10) {
		app.AppendRow(i)
	}
	for i := 0; i < 1_000_000; i++ {
		app.AppendRow(i) // want `DuckDB Appender fed in a loop outside a transaction`
	}
	app.Close()
}
