// Package twoappenders loads a trace file into two DuckDB tables with two
// Appenders fed in the same loop, no transaction open: each Appender's
// automatic flushes commit partial row groups into its own table, so each
// is a finding of its own (issue 32: only the first was reported).
package twoappenders

import (
	"bufio"
	"database/sql/driver"
	"io"
	"strings"

	"github.com/duckdb/duckdb-go/v2"
)

func Load(conn driver.Conn, r io.Reader) error {
	events, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	defer events.Close()
	attrs, err := duckdb.NewAppenderFromConn(conn, "", "event_attrs")
	if err != nil {
		return err
	}
	defer attrs.Close()
	sc := bufio.NewScanner(r)
	var id int64
	for sc.Scan() {
		id++
		kind, rest, _ := strings.Cut(sc.Text(), "\t")
		if err := events.AppendRow(id, kind); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction`
			return err
		}
		if err := attrs.AppendRow(id, "raw", rest); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction`
			return err
		}
		if kind == "" {
			// The same Appender again in the same loop: one finding.
			if err := events.AppendRow(id, "unknown"); err != nil {
				return err
			}
		}
	}
	return sc.Err()
}
