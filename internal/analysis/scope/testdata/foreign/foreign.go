package foreign

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type app struct{ pg, duck, either *sql.DB }

func handles(param *sql.DB, cond bool) {
	pg, _ := sql.Open("postgres", "")
	duck, _ := sql.Open("duckdb", "")
	tx, _ := pg.Begin()
	conn, _ := pg.Conn(nil)
	a := app{pg: pg, duck: duck}
	var either *sql.DB
	if cond {
		either = pg
	} else {
		either = duck
	}
	// This package talks to PostgreSQL too: a handle of unknown origin
	// (either engine, a parameter no call here passes) is "?", silent.
	use(pg, duck, tx, conn, a.pg, a.duck, either, param) // foreign: postgres - postgres postgres postgres - ? ?
}

func use(...any) {}
