// Package duckiface reads the warehouse through an interface whose only
// implementation here is DuckDB's, and keeps its users in PostgreSQL:
// a walk over Source's handle is DuckDB's.
package duckiface

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

// Source is where facts are read from.
type Source interface {
	Handle() *sql.DB
}

type duckSource struct{ db *sql.DB }

func (d duckSource) Handle() *sql.DB { return d.db }

func newSource(path string) (Source, error) {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	return duckSource{db}, nil
}

func users() *sql.DB {
	db, _ := sql.Open("postgres", "postgres://localhost/app")
	return db
}

func scanFacts(src Source) {
	for off := 0; ; off += 100_000 {
		rows, err := src.Handle().Query("SELECT * FROM facts LIMIT ? OFFSET ?", 100_000, off) // want `page size 100000 .*`
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

func scanUsers() {
	db := users()
	for off := 0; ; off += 100_000 {
		rows, err := db.Query("SELECT * FROM users ORDER BY id LIMIT $1 OFFSET $2", 100_000, off)
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
