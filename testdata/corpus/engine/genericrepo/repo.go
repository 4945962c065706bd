// Package genericrepo is a small generic repository over sqlx for the
// accounts service's Postgres database.
// expect: none
package genericrepo

import (
	"context"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"
)

type Repo[T any] struct {
	db    *sqlx.DB
	table string
}

func NewRepo[T any](db *sqlx.DB, table string) *Repo[T] {
	return &Repo[T]{db: db, table: table}
}

// Each calls fn for every row of the table, 100,000 rows a query.
func (r *Repo[T]) Each(ctx context.Context, fn func(T) error) error {
	const page = 100_000
	for off := 0; ; off += page {
		var batch []T
		if err := r.db.SelectContext(ctx, &batch, "SELECT * FROM "+r.table+" ORDER BY id LIMIT $1 OFFSET $2", page, off); err != nil {
			return err
		}
		for _, v := range batch {
			if err := fn(v); err != nil {
				return err
			}
		}
		if len(batch) < page {
			return nil
		}
	}
}

type Account struct {
	ID    int64  `db:"id"`
	Email string `db:"email"`
}

func Accounts(dsn string) (*Repo[Account], error) {
	db, err := sqlx.Connect("postgres", dsn)
	if err != nil {
		return nil, err
	}
	return NewRepo[Account](db, "accounts"), nil
}
