// Package limitonly previews every table of a DuckDB file for the data
// catalog: the first rows of each, no paging.
// expect: none
package limitonly

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

const previewRows = 100_000

func Preview(ctx context.Context, db *sql.DB, sample func(table string, rows *sql.Rows) error) error {
	tables, err := db.QueryContext(ctx, "SELECT table_name FROM duckdb_tables() ORDER BY table_name")
	if err != nil {
		return err
	}
	var names []string
	for tables.Next() {
		var n string
		tables.Scan(&n)
		names = append(names, n)
	}
	tables.Close()
	for _, t := range names {
		rows, err := db.QueryContext(ctx, fmt.Sprintf("SELECT * FROM %q LIMIT %d", t, previewRows))
		if err != nil {
			return err
		}
		err = sample(t, rows)
		rows.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
