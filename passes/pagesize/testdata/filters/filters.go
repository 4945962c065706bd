// Package filters exports customers with optional filters: the SQL gains a
// placeholder per filter set, and the page bounds are appended after the
// filters' values.
package filters

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

const exportRows = 100_000 // want `page size exportRows = 100000 is smaller than`

func Export(ctx context.Context, db *sql.DB, f Filter, emit func(id int64)) error {
	var b strings.Builder
	b.WriteString("SELECT id FROM customers WHERE true")
	var args []any
	if f.Country != "" {
		b.WriteString(" AND country = ?")
		args = append(args, f.Country)
	}
	if f.Since != "" {
		b.WriteString(" AND created >= ?")
		args = append(args, f.Since)
	}
	b.WriteString(" LIMIT ? OFFSET ?")
	query := b.String()
	for off := 0; ; off += exportRows {
		rows, err := db.QueryContext(ctx, query, append(args, exportRows, off)...)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			emit(id)
			n++
		}
		rows.Close()
		if n < exportRows {
			return nil
		}
	}
}

// Aligned pages the same way with whole row groups: silent.
func Aligned(ctx context.Context, db *sql.DB, country string) (int, error) {
	q := "SELECT id FROM customers WHERE country = ? LIMIT ? OFFSET ?"
	total := 0
	for off := 0; ; off += 245_760 {
		rows, err := db.QueryContext(ctx, q, append([]any{country}, 245_760, off)...)
		if err != nil {
			return total, err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		total += n
		if n == 0 {
			return total, nil
		}
	}
}

// Page serves one page per request: the offset is the caller's, no walk.
func Page(ctx context.Context, db *sql.DB, country string, off int) (*sql.Rows, error) {
	args := []any{country}
	return db.QueryContext(ctx, "SELECT id FROM customers WHERE country = ? LIMIT ? OFFSET ?", append(args, 250_000, off)...)
}

// Spread's values come from a slice the caller passed: unknown, silent.
func Spread(ctx context.Context, db *sql.DB, extra []any) error {
	for off := 0; off < 1_000_000; off += 250_000 {
		rows, err := db.QueryContext(ctx, "SELECT id FROM customers LIMIT ? OFFSET ?", append([]any{}, extra...)...)
		if err != nil {
			return err
		}
		rows.Close()
	}
	return nil
}
