// Package sharedpage serves orders one page per HTTP request and, in a
// nightly job, walks them all through the same helper. The helper's
// query is one page; the job's loop makes it a walk, and is where the
// walk is reported. The handler's path stays silent.
package sharedpage

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Order struct {
	ID    int64   `json:"id"`
	Total float64 `json:"total"`
}

type Store struct {
	db *sql.DB
}

const pageRows = 245_760

// listOrders returns one page of orders.
func (s *Store) listOrders(ctx context.Context, limit, offset int) ([]Order, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT id, total FROM orders ORDER BY id LIMIT ? OFFSET ?", limit, offset)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Order
	for rows.Next() {
		var o Order
		if err := rows.Scan(&o.ID, &o.Total); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// ServeHTTP serves ?page=N, 50 orders a page.
func (s *Store) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	orders, err := s.listOrders(r.Context(), 50, page*50)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	json.NewEncoder(w).Encode(orders)
}

// Nightly totals every order, page by page.
func (s *Store) Nightly(ctx context.Context) (float64, error) {
	var sum float64
	for off := 0; ; off += pageRows {
		orders, err := s.listOrders(ctx, pageRows, off) // want `^LIMIT/OFFSET page walk with ORDER BY: every page sorts the rest of the table again \(quadratic\); use rowalign's pager.Pages$`
		if err != nil {
			return 0, err
		}
		for _, o := range orders {
			sum += o.Total
		}
		if len(orders) < pageRows {
			return sum, nil
		}
	}
}

// Reconcile walks the orders twice, from two loops: each loop is a walk.
func (s *Store) Reconcile(ctx context.Context, from int) error {
	for off := from; ; off += pageRows {
		orders, err := s.listOrders(ctx, pageRows, off) // want `^LIMIT/OFFSET page walk with ORDER BY`
		if err != nil || len(orders) == 0 {
			return err
		}
	}
}
