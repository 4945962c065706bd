// Package rowgroupflag is issue 9, bug 2: -rowgroup did not reach
// appendertx, whose text named the 122,880-row row group whatever the
// setting. The test runs it with -rowgroup=245760 (the text names 245760)
// and -rowgroup=204800 (one flush is one row group: silent).
package rowgroupflag

import (
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

func load(dc driver.Conn, rows [][]driver.Value) error {
	app, err := duckdb.NewAppenderFromConn(dc, "", "events")
	if err != nil {
		return err
	}
	for _, r := range rows {
		app.AppendRow(r...) // want `past 204800 rows each auto-flush commits a partial 245760-row group`
	}
	return app.Close()
}
