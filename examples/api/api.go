// Package api serves one page of events per request. Nothing here walks
// a table: rowalign stays silent.
package api

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

// pageLimit is the largest page a client may ask for.
const pageLimit = 500

// Handler returns the events page named by ?offset=.
func Handler(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		off, _ := strconv.Atoi(r.URL.Query().Get("offset"))
		rows, err := db.QueryContext(r.Context(), "SELECT id, name FROM events ORDER BY id LIMIT ? OFFSET ?", pageLimit, off)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var id int64
			var name string
			if rows.Scan(&id, &name) == nil {
				out = append(out, strconv.FormatInt(id, 10)+" "+name)
			}
		}
		json.NewEncoder(w).Encode(out)
	}
}
