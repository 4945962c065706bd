// Package storagegroups walks a table on its real row group boundaries,
// read from DuckDB's storage info at run time.
// expect: none
package storagegroups

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func bounds(ctx context.Context, db *sql.DB, table string) ([][2]int64, error) {
	rows, err := db.QueryContext(ctx, "SELECT DISTINCT row_group_id, start, count FROM pragma_storage_info(?) WHERE column_id = 0 ORDER BY start", table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][2]int64
	for rows.Next() {
		var id, start, count int64
		if err := rows.Scan(&id, &start, &count); err != nil {
			return nil, err
		}
		out = append(out, [2]int64{start, start + count})
	}
	return out, rows.Err()
}

func Walk(ctx context.Context, db *sql.DB, table string, fn func(*sql.Rows) error) error {
	groups, err := bounds(ctx, db, table)
	if err != nil {
		return err
	}
	for _, g := range groups {
		rows, err := db.QueryContext(ctx, "SELECT * FROM "+table+" WHERE rowid >= ? AND rowid < ?", g[0], g[1])
		if err != nil {
			return err
		}
		err = fn(rows)
		rows.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
