// Package cursor serves the activity feed: each request carries the last
// id the client saw and gets the next page.
// expect: none
package cursor

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

const feedPage = 50_000

type Feed struct{ DB *sql.DB }

func (f *Feed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	after, _ := strconv.ParseInt(r.URL.Query().Get("after"), 10, 64)
	rows, err := f.DB.QueryContext(r.Context(), "SELECT id, actor, verb FROM activity WHERE id > ? ORDER BY id LIMIT ?", after, feedPage)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	type item struct {
		ID    int64  `json:"id"`
		Actor string `json:"actor"`
		Verb  string `json:"verb"`
	}
	var items []item
	for rows.Next() {
		var it item
		rows.Scan(&it.ID, &it.Actor, &it.Verb)
		items = append(items, it)
	}
	json.NewEncoder(w).Encode(items)
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
