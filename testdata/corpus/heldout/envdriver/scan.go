// Package envdriver scans a DuckDB file whose driver name comes from the
// environment for testing; the package talks to DuckDB only.
package envdriver

import (
	"context"
	"database/sql"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"
)

func driverName() string {
	if d := os.Getenv("DB_DRIVER"); d != "" {
		return d
	}
	return "duckdb"
}

func Scan(ctx context.Context, path string, visit func(id int64)) error {
	db, err := sql.Open(driverName(), path)
	if err != nil {
		return err
	}
	defer db.Close()
	const page = 200_000 // expect: pagesize
	for off := 0; ; off += page {
		rows, err := db.QueryContext(ctx, "SELECT id FROM t LIMIT ? OFFSET ?", page, off) // expect: offsetwalk
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			rows.Scan(&id)
			visit(id)
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}
