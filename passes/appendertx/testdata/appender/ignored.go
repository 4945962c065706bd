package appender

import (
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

// loadNightly is docs/checks/appendertx.md's Suppressing example: the
// directive stands on the finding's line, the append call, or the line
// above it.
func loadNightly(dc driver.Conn, rows [][]driver.Value) error {
	app, err := duckdb.NewAppenderFromConn(dc, "", "events")
	if err != nil {
		return err
	}
	for _, r := range rows {
		//rowalign:ignore loads at most 1,000 rows; the table is rewritten nightly
		if err := app.AppendRow(r...); err != nil {
			return err
		}
	}
	return app.Close()
}

// loadNightlyCreate has the directive where the page's example had it,
// above the Appender's creation: the finding is on the append call, so
// it is still reported.
func loadNightlyCreate(dc driver.Conn, rows [][]driver.Value) error {
	//rowalign:ignore loads at most 1,000 rows; the table is rewritten nightly
	app, err := duckdb.NewAppenderFromConn(dc, "", "events")
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := app.AppendRow(r...); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction`
			return err
		}
	}
	return app.Close()
}
