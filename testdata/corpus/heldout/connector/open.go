// Package connector opens DuckDB through a connector and walks a table
// with rowid ranges.
package connector

import (
	"context"
	"database/sql"

	"github.com/duckdb/duckdb-go/v2"
)

const chunk = 300_000 // expect: pagesize

func Count(ctx context.Context, path string) (int64, error) {
	c, err := duckdb.NewConnector(path, nil)
	if err != nil {
		return 0, err
	}
	db := sql.OpenDB(c)
	defer db.Close()
	var maxID, total int64
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM t").Scan(&maxID); err != nil {
		return 0, err
	}
	for lo := int64(0); lo <= maxID; lo += chunk {
		var n int64
		if err := db.QueryRowContext(ctx, "SELECT count(*) FROM t WHERE rowid BETWEEN ? AND ?", lo, lo+chunk-1).Scan(&n); err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}
