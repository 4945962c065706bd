// Package mixedunknown exports tables for a tool that talks to both
// Postgres and DuckDB; Export's handle comes from callers outside the
// package, so its engine is not known here.
// expect: none
package mixedunknown

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

// OpenWarehouse opens the DuckDB side.
func OpenWarehouse(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }

// OpenPrimary opens the Postgres side.
func OpenPrimary(dsn string) (*sql.DB, error) { return sql.Open("postgres", dsn) }

// Export writes table as JSON lines, 100,000 rows a query.
func Export(ctx context.Context, db *sql.DB, table string, w io.Writer) error {
	enc := json.NewEncoder(w)
	for off := 0; ; off += 100_000 {
		rows, err := db.QueryContext(ctx, "SELECT id, doc FROM "+table+" LIMIT 100000 OFFSET "+itoa(off))
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var doc string
			if err := rows.Scan(&id, &doc); err != nil {
				rows.Close()
				return err
			}
			enc.Encode(map[string]any{"id": id, "doc": doc})
			n++
		}
		rows.Close()
		if n < 100_000 {
			return nil
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
