// Package sqlxnewdb wraps an existing Postgres *sql.DB in sqlx and copies
// a table into DuckDB.
// expect: none
package sqlxnewdb

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"
)

type Tag struct {
	ID   int64  `db:"id"`
	Name string `db:"name"`
}

func Sync(ctx context.Context, raw *sql.DB, duck *sqlx.DB) error {
	pg := sqlx.NewDb(raw, "postgres")
	tx, err := duck.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for off := 0; ; off += 100_000 {
		var tags []Tag
		if err := pg.SelectContext(ctx, &tags, "SELECT id, name FROM tags ORDER BY id LIMIT $1 OFFSET $2", 100_000, off); err != nil {
			return err
		}
		for _, t := range tags {
			tx.MustExec("INSERT INTO tags VALUES (?, ?)", t.ID, t.Name)
		}
		if len(tags) < 100_000 {
			break
		}
	}
	return tx.Commit()
}

func OpenDuck(path string) (*sqlx.DB, error) { return sqlx.Open("duckdb", path) }
