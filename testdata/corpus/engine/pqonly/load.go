// Package pqonly loads clickstream files into PostgreSQL, committing
// every 250,000 rows so a crash loses at most one batch.
// expect: none
package pqonly

import (
	"bufio"
	"context"
	"database/sql"
	"io"
	"strings"

	_ "github.com/lib/pq"
)

const commitEvery = 250_000

func Load(ctx context.Context, dsn string, r io.Reader) (int, error) {
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 3 {
			continue
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO clicks (ts, user_id, url) VALUES ($1, $2, $3)", f[0], f[1], f[2]); err != nil {
			tx.Rollback()
			return n, err
		}
		n++
		if n%commitEvery == 0 {
			if err := tx.Commit(); err != nil {
				return n, err
			}
			if tx, err = db.BeginTx(ctx, nil); err != nil {
				return n, err
			}
		}
	}
	return n, tx.Commit()
}
