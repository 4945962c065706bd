// Package builder exports a filtered table; its query is assembled with
// strings.Builder from the filter the user chose.
package builder

import (
	"context"
	"database/sql"
	"strings"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Filter struct {
	Country string
	Since   string
}

const exportRows = 100_000 // expect: pagesize

func Export(ctx context.Context, db *sql.DB, f Filter, emit func(id int64, name string)) error {
	var b strings.Builder
	b.WriteString("SELECT id, name FROM customers")
	var args []any
	if f.Country != "" {
		b.WriteString(" WHERE country = ?")
		args = append(args, f.Country)
	}
	b.WriteString(" ORDER BY id LIMIT ? OFFSET ?")
	query := b.String()
	for off := 0; ; off += exportRows {
		rows, err := db.QueryContext(ctx, query, append(args, exportRows, off)...) // expect: offsetwalk
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var name string
			if err := rows.Scan(&id, &name); err != nil {
				rows.Close()
				return err
			}
			emit(id, name)
			n++
		}
		rows.Close()
		if n < exportRows {
			return nil
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
