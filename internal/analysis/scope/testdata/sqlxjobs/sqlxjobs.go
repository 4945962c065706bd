// Package sqlxjobs uses sqlx for both of its databases.
package sqlxjobs

import (
	"context"
	"log"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"
)

type jobs struct {
	app  *sqlx.DB
	olap *sqlx.DB
}

func connect(ctx context.Context) *jobs {
	app, err := sqlx.Connect("postgres", "postgres://localhost/app")
	if err != nil {
		log.Fatal(err)
	}
	olap := sqlx.MustOpen("duckdb", "olap.duckdb")
	return &jobs{app: app, olap: olap}
}

func (j *jobs) sweepSessions() {
	for off := 0; ; off += 250_000 {
		j.app.Query("DELETE FROM sessions WHERE id IN (SELECT id FROM sessions ORDER BY id LIMIT $1 OFFSET $2)", 250_000, off)
	}
}

func (j *jobs) scanFacts() {
	for off := 0; ; off += 250_000 {
		j.olap.Query("SELECT * FROM facts LIMIT ? OFFSET ?", 250_000, off) // want `page size 250000`
	}
}

func scanOrders() {
	db, err := sqlx.Open("pgx", "postgres://localhost/shop")
	if err != nil {
		log.Fatal(err)
	}
	tx := db.MustBegin()
	for off := 0; ; off += 200_000 {
		tx.Query("SELECT * FROM orders ORDER BY id LIMIT $1 OFFSET $2", 200_000, off)
	}
}

func rawHandle() {
	db := sqlx.MustConnect("postgres", "")
	raw := db.DB
	for off := 0; ; off += 200_000 {
		raw.Query("SELECT * FROM orders ORDER BY id LIMIT $1 OFFSET $2", 200_000, off)
	}
}
