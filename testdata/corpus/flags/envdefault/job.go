// Package envdefault is a scheduled job configured through the
// environment; PAGE_ROWS overrides the walk's page size.
package envdefault

import (
	"context"
	"database/sql"
	"os"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

func envInt(name string, def int) int {
	if v, ok := os.LookupEnv(name); ok {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

type Job struct {
	DB *sql.DB
}

func NewJob() (*Job, error) {
	db, err := sql.Open("duckdb", os.Getenv("DUCKDB_PATH"))
	return &Job{DB: db}, err
}

func (j *Job) Run(ctx context.Context, visit func(id int64) error) error {
	page := envInt("PAGE_ROWS", 250_000) // expect: pagesize
	var maxRow int64
	if err := j.DB.QueryRowContext(ctx, "SELECT max(rowid) FROM accounts").Scan(&maxRow); err != nil {
		return err
	}
	for lo := 0; int64(lo) <= maxRow; lo += page {
		rows, err := j.DB.QueryContext(ctx, "SELECT id FROM accounts WHERE rowid >= ? AND rowid < ?", lo, lo+page)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			if err := visit(id); err != nil {
				rows.Close()
				return err
			}
		}
		rows.Close()
	}
	return nil
}
