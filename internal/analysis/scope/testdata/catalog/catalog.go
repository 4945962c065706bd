// Package catalog serves the product catalog from DuckDB or PostgreSQL,
// whichever its program opens: New is given the handle. It also opens
// PostgreSQL itself (Suppliers), so no handle here has an engine this
// package can see, and it reports none of its walks itself: the
// programs that call New know, and report the walk at their call of
// Dump.
package catalog

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

// Suppliers opens the supplier database.
func Suppliers(dsn string) (*sql.DB, error) {
	return sql.Open("postgres", dsn)
}

// Store reads the catalog.
type Store struct {
	db *sql.DB
}

// New serves the catalog from db.
func New(db *sql.DB) *Store {
	return &Store{db: db}
}

// dumpPage is how many products Dump reads per query.
const dumpPage = 200_000

// Dump writes every product to w as JSON lines.
func (s *Store) Dump(ctx context.Context, w io.Writer) error {
	enc := json.NewEncoder(w)
	for off := 0; ; off += dumpPage {
		rows, err := s.db.QueryContext(ctx, "SELECT sku, name FROM products ORDER BY sku LIMIT $1 OFFSET $2", dumpPage, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var sku, name string
			if err := rows.Scan(&sku, &name); err != nil {
				rows.Close()
				return err
			}
			if err := enc.Encode([2]string{sku, name}); err != nil {
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if err := rows.Err(); err != nil || n == 0 {
			return err
		}
	}
}

// Mirror replays the catalog; Switch may point it at another database
// after New, so its walk has no single origin a caller could give.
type Mirror struct {
	db *sql.DB
}

// NewMirror replays from db.
func NewMirror(db *sql.DB) *Mirror {
	return &Mirror{db: db}
}

// Switch replays from db from now on.
func (m *Mirror) Switch(db *sql.DB) {
	m.db = db
}

// Dump reads the catalog back in pages.
func (m *Mirror) Dump(ctx context.Context) error {
	for off := 0; ; off += 200_000 {
		rows, err := m.db.QueryContext(ctx, "SELECT sku FROM products ORDER BY sku LIMIT $1 OFFSET $2", 200_000, off)
		if err != nil {
			return err
		}
		more := rows.Next()
		rows.Close()
		if !more {
			return nil
		}
	}
}
