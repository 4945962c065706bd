// Package export copies a key-value store into DuckDB. A bucket of
// counters copied key by key, one (key, value) row each, is per-key
// statistics, not a bulk load; the bucket of records, decoded into
// columns, is one.
package export

import (
	"database/sql/driver"
	"encoding/binary"
	"encoding/json"

	"github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/kv"
)

func CopyCounters(conn driver.Conn, counters *kv.Bucket) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "counters")
	if err != nil {
		return err
	}
	c := counters.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		n := int64(binary.BigEndian.Uint64(v))
		if err := app.AppendRow(string(k), n); err != nil {
			return err
		}
	}
	return app.Close()
}

type record struct {
	ID    string
	Path  string
	Size  int64
	MTime int64
}

func CopyRecords(conn driver.Conn, records *kv.Bucket) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "records")
	if err != nil {
		return err
	}
	c := records.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		var r record
		if err := json.Unmarshal(v, &r); err != nil {
			return err
		}
		if err := app.AppendRow(string(k), r.Path, r.Size, r.MTime); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction`
			return err
		}
	}
	return app.Close()
}
