package smallload

import (
	"database/sql/driver"
	"testing"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

// Test loads are small even when the source does not show how small.
func TestLoad(t *testing.T) {
	var dc driver.Conn
	rows := loadRows()
	app, _ := duckdb.NewAppenderFromConn(dc, "", "events")
	for _, r := range rows {
		app.AppendRow(r)
	}
	app.Close()
}

func loadRows() []int { return nil }
