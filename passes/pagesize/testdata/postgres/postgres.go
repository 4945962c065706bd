// Package postgres uses DuckDB and PostgreSQL: only DuckDB walks count.
package postgres

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type app struct {
	pg   *sql.DB
	duck *sql.DB
}

func newApp() *app {
	pg, _ := sql.Open("postgres", "postgres://localhost/app")
	duck, _ := sql.Open("duckdb", "")
	return &app{pg: pg, duck: duck}
}

func (a *app) walkPostgres() {
	for off := 0; ; off += 250_000 {
		a.pg.Query("SELECT * FROM t LIMIT $1 OFFSET $2", 250_000, off)
	}
}

func walkPostgresTx() {
	pg, _ := sql.Open("pgx", "postgres://localhost/app")
	tx, _ := pg.Begin()
	for off := 0; ; off += 250_000 {
		tx.Query("SELECT * FROM t LIMIT $1 OFFSET $2", 250_000, off)
	}
}

func (a *app) walkDuck() {
	for off := 0; ; off += 200_000 {
		a.duck.Query("SELECT * FROM t LIMIT ? OFFSET ?", 200_000, off) // want `page size 200000`
	}
}
