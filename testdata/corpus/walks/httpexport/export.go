// Package httpexport serves a full CSV export over HTTP: one request,
// and the handler walks the whole table page by page.
package httpexport

import (
	"database/sql"
	"encoding/csv"
	"net/http"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Handler struct {
	DB *sql.DB
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/csv")
	cw := csv.NewWriter(w)
	defer cw.Flush()
	for off := 0; ; off += 100_000 {
		rows, err := h.DB.QueryContext(r.Context(), "SELECT id, email, plan FROM customers ORDER BY id LIMIT 100000 OFFSET ?", off) // expect: offsetwalk, pagesize
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		n := 0
		for rows.Next() {
			var id int64
			var email, plan string
			rows.Scan(&id, &email, &plan)
			cw.Write([]string{strconv.FormatInt(id, 10), email, plan})
			n++
		}
		rows.Close()
		if n < 100_000 {
			return
		}
	}
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
