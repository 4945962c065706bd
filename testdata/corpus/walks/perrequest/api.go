// Package perrequest is an analytics back end: each HTTP request reads
// one page of a DuckDB table, at the offset the client asks for.
// expect: none
package perrequest

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

// maxPage bounds the rows one response carries (an export client asks
// for big pages).
const maxPage = 100_000

type Server struct {
	DB *sql.DB
}

func (s *Server) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /events", s.events)
}

func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	offset, _ := strconv.Atoi(r.URL.Query().Get("offset"))
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit <= 0 || limit > maxPage {
		limit = maxPage
	}
	rows, err := s.DB.QueryContext(r.Context(), "SELECT id, kind, ts FROM events ORDER BY ts LIMIT ? OFFSET ?", limit, offset)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	type event struct {
		ID   int64  `json:"id"`
		Kind string `json:"kind"`
		TS   string `json:"ts"`
	}
	var out []event
	for rows.Next() {
		var e event
		if err := rows.Scan(&e.ID, &e.Kind, &e.TS); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		out = append(out, e)
	}
	json.NewEncoder(w).Encode(map[string]any{"events": out, "next": offset + len(out)})
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
