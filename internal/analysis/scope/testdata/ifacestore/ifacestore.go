// Package ifacestore exports tables from whichever store it is given,
// behind an interface with a DuckDB and a PostgreSQL implementation:
// the engine of s.DB() is unknown, so rowalign says nothing.
package ifacestore

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

// Store hands out the handle of one database.
type Store interface {
	DB() *sql.DB
}

type warehouse struct{ db *sql.DB }

func (w *warehouse) DB() *sql.DB { return w.db }

type appDB struct{ db *sql.DB }

func (a *appDB) DB() *sql.DB { return a.db }

func open() []Store {
	duck, _ := sql.Open("duckdb", "warehouse.duckdb")
	pg, _ := sql.Open("postgres", "postgres://localhost/app")
	return []Store{&warehouse{duck}, &appDB{pg}}
}

func exportAll() {
	for _, s := range open() {
		export(s, "events")
	}
}

func export(s Store, table string) {
	for off := 0; ; off += 250_000 {
		rows, err := s.DB().Query("SELECT * FROM "+table+" LIMIT ? OFFSET ?", 250_000, off)
		if err != nil {
			return
		}
		more := rows.Next()
		rows.Close()
		if !more {
			return
		}
	}
}
