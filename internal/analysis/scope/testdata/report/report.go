// Package report pages through the warehouse (DuckDB) and the
// application database (PostgreSQL, through the store package) with the
// same loop: only the DuckDB walk pays for DuckDB's row groups.
package report

import (
	"context"
	"database/sql"
	"log"

	"example.com/scope/duckstore"
	"example.com/scope/store"
)

const batch = 250_000

func exportUsers(ctx context.Context) error {
	pg, err := store.OpenPostgres()
	if err != nil {
		return err
	}
	defer pg.Close()
	for off := 0; ; off += batch {
		rows, err := pg.QueryContext(ctx, "SELECT id, email FROM users ORDER BY id LIMIT $1 OFFSET $2", batch, off)
		if err != nil {
			return err
		}
		if !drain(rows) {
			return nil
		}
	}
}

func exportEvents(ctx context.Context) error {
	wh, err := duckstore.Open("warehouse.duckdb")
	if err != nil {
		return err
	}
	defer wh.Close()
	for off := 0; ; off += 200_000 {
		rows, err := wh.QueryContext(ctx, "SELECT * FROM events LIMIT ? OFFSET ?", 200_000, off) // want `page size 200000`
		if err != nil {
			return err
		}
		if !drain(rows) {
			return nil
		}
	}
}

func audit() {
	pg := store.MustPostgres()
	tx, err := pg.Begin()
	if err != nil {
		log.Fatal(err)
	}
	for off := 0; off < 10_000_000; off += batch {
		tx.Query("SELECT * FROM audit_log LIMIT $1 OFFSET $2", batch, off)
	}
}

func drain(rows *sql.Rows) bool {
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	return n > 0
}
