// Package flush50k loads click logs with the Appender and flushes every
// 50,000 rows so the dashboard sees fresh data.
package flush50k

import (
	"bufio"
	"database/sql/driver"
	"io"
	"strings"

	"github.com/duckdb/duckdb-go/v2"
)

func Load(conn driver.Conn, r io.Reader) error {
	app, err := duckdb.NewAppenderFromConn(conn, "main", "clicks")
	if err != nil {
		return err
	}
	defer app.Close()
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		f := strings.SplitN(sc.Text(), " ", 3)
		if len(f) != 3 {
			continue
		}
		if err := app.AppendRow(f[0], f[1], f[2]); err != nil {
			return err
		}
		n++
		if n%50_000 == 0 { // expect: commitsize
			if err := app.Flush(); err != nil {
				return err
			}
		}
	}
	return sc.Err()
}
