// Package listapi serves one page of products per HTTP request.
// expect: none
package listapi

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

const pageSize = 100

type Server struct{ DB *sql.DB }

func (s *Server) List(w http.ResponseWriter, r *http.Request) {
	off, _ := strconv.Atoi(r.URL.Query().Get("offset"))
	rows, err := s.DB.QueryContext(r.Context(), "SELECT id, name FROM products ORDER BY id LIMIT ? OFFSET ?", pageSize, off)
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id int
		var name string
		rows.Scan(&id, &name)
		out = append(out, name)
	}
	json.NewEncoder(w).Encode(out)
}
