// Package ndjsonappend is artie-labs/ducktape's append handler
// (internal/api/append.go): an NDJSON stream fed to a DuckDB Appender
// with no transaction open, flushed every 100,000 rows or 3 MB. Each
// flush commits 100,000 rows; at the seed's width they stay 100,000-row
// groups (docs/measurements.md#commits-under-a-row-group).
package ndjsonappend

import (
	"bufio"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"io"

	"github.com/duckdb/duckdb-go/v2"
)

const (
	flushInterval   = 100_000         // want `^commit size flushInterval = 100000 is smaller than DuckDB's 122880-row row group: each flush commits a partial row group \(file \+1.5-4% at 29 columns\)`
	flushBytesLimit = 3 * 1024 * 1024 // 3MB - flush before reaching DuckDB's 4MB limit
)

type rowMessage struct {
	Values []any `json:"values"`
}

func appendRows(conn driver.Conn, table string, r io.Reader) (int64, error) {
	appender, err := duckdb.NewAppenderFromConn(conn, "", table)
	if err != nil {
		return 0, err
	}
	defer appender.Close()
	scanner := bufio.NewScanner(r)
	var rowsAppended int64
	var bytesSinceFlush uint64
	for scanner.Scan() {
		line := scanner.Bytes()
		bytesSinceFlush += uint64(len(line))
		var rowMsg rowMessage
		if err := json.Unmarshal(line, &rowMsg); err != nil {
			return 0, fmt.Errorf("failed to unmarshal row message: %w", err)
		}
		values := make([]driver.Value, len(rowMsg.Values))
		for i, v := range rowMsg.Values {
			values[i] = v
		}
		if err := appender.AppendRow(values...); err != nil {
			return 0, fmt.Errorf("failed to append row: %w", err)
		}
		rowsAppended++
		// Flush if we've reached row limit OR bytes limit
		if rowsAppended%flushInterval == 0 || bytesSinceFlush >= flushBytesLimit {
			if err := appender.Flush(); err != nil {
				return 0, fmt.Errorf("failed to flush appender: %w", err)
			}
			bytesSinceFlush = 0
		}
	}
	if err := scanner.Err(); err != nil {
		return 0, err
	}
	return rowsAppended, appender.Flush()
}
