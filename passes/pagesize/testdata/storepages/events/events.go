// Package events stores audit events in DuckDB; its listings take a page
// number, or a filter with a limit and an offset.
package events

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Event struct {
	ID   int64
	Kind string
}

type Repo struct {
	db *sql.DB
}

// Page returns page n (from 0) of size events.
func (r *Repo) Page(ctx context.Context, n, size int) ([]Event, error) {
	rows, err := r.db.QueryContext(ctx, "SELECT id, kind FROM events LIMIT ? OFFSET ?", size, n*size)
	if err != nil {
		return nil, err
	}
	return scan(rows)
}

// Filter selects events.
type Filter struct {
	Kind          string
	Limit, Offset int
}

// Find returns the events f selects.
func (r *Repo) Find(ctx context.Context, f Filter) ([]Event, error) {
	rows, err := r.db.QueryContext(ctx, "SELECT id, kind FROM events WHERE kind = ? LIMIT ? OFFSET ?", f.Kind, f.Limit, f.Offset)
	if err != nil {
		return nil, err
	}
	return scan(rows)
}

func scan(rows *sql.Rows) ([]Event, error) {
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		if err := rows.Scan(&e.ID, &e.Kind); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
