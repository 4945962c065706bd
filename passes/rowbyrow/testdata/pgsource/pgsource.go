// Package pgsource reads the orders of a PostgreSQL shop: ListAll returns
// every row of the table, read with rows.Next (a BulkResult fact).
package pgsource

import (
	"context"
	"database/sql"

	_ "github.com/lib/pq"
)

type Order struct {
	ID    int64
	Cents int64
}

type Source struct{ db *sql.DB }

func Open(dsn string) (*Source, error) {
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		return nil, err
	}
	return &Source{db: db}, nil
}

// ListAll returns every order.
func (s *Source) ListAll(ctx context.Context) ([]Order, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, cents FROM orders`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Order
	for rows.Next() {
		var o Order
		if err := rows.Scan(&o.ID, &o.Cents); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// Recent returns the ten newest orders: a result the SQL bounds.
func (s *Source) Recent(ctx context.Context) ([]Order, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, cents FROM orders ORDER BY id DESC LIMIT 10`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Order
	for rows.Next() {
		var o Order
		if err := rows.Scan(&o.ID, &o.Cents); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// Lines returns the lines of one order: a scanning helper reads the rows
// its caller's query, filtered by one key, hands it.
func (s *Source) Lines(ctx context.Context, orderID int64) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT sku FROM order_lines WHERE order_id = $1`, orderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	skus, err := scanSKUs(rows)
	if err != nil {
		return nil, err
	}
	return skus, nil
}

func scanSKUs(rows interface {
	Next() bool
	Scan(dest ...any) error
}) ([]string, error) {
	var out []string
	for rows.Next() {
		var sku string
		if err := rows.Scan(&sku); err != nil {
			return nil, err
		}
		out = append(out, sku)
	}
	return out, nil
}
