// Package namedwalk rolls up page views per day; the page walk binds its
// bounds as named parameters from a struct through sqlx.
package namedwalk

import (
	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
)

const viewsPage = 300_000 // expect: pagesize

type window struct {
	Lim int `db:"lim"`
	Off int `db:"off"`
}

type view struct {
	Day   string `db:"day"`
	Count int    `db:"n"`
}

func Rollup(db *sqlx.DB) (map[string]int, error) {
	out := map[string]int{}
	for w := (window{Lim: viewsPage}); ; w.Off += viewsPage {
		rows, err := db.NamedQuery("SELECT day, count(*) AS n FROM (SELECT day FROM page_views LIMIT :lim OFFSET :off) GROUP BY day", w) // expect: offsetwalk
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var v view
			if err := rows.StructScan(&v); err != nil {
				rows.Close()
				return nil, err
			}
			out[v.Day] += v.Count
			n++
		}
		rows.Close()
		if n == 0 {
			return out, nil
		}
	}
}

func Open() (*sqlx.DB, error) { return sqlx.Open("duckdb", "views.duckdb") }
