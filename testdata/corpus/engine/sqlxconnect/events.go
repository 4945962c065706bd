// Package sqlxconnect pulls audit events out of the Postgres primary with
// a keyset walk and summarises them into DuckDB.
// expect: none
package sqlxconnect

import (
	"context"
	"log"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/jmoiron/sqlx"
)

var primary *sqlx.DB

func init() {
	var err error
	primary, err = sqlx.Connect("pgx", os.Getenv("PRIMARY_DSN"))
	if err != nil {
		log.Fatal(err)
	}
}

type event struct {
	ID     int64  `db:"id"`
	Action string `db:"action"`
}

const keysetPage = 50_000

// Summarise counts actions per kind and stores the counts in DuckDB.
func Summarise(ctx context.Context, duck *sqlx.DB) error {
	counts := map[string]int{}
	last := int64(0)
	for {
		var page []event
		if err := primary.SelectContext(ctx, &page, "SELECT id, action FROM audit_events WHERE id > $1 ORDER BY id LIMIT $2", last, keysetPage); err != nil {
			return err
		}
		for _, e := range page {
			counts[e.Action]++
			last = e.ID
		}
		if len(page) < keysetPage {
			break
		}
	}
	for action, n := range counts {
		if _, err := duck.ExecContext(ctx, "INSERT INTO action_counts VALUES (?, ?)", action, n); err != nil {
			return err
		}
	}
	return nil
}
