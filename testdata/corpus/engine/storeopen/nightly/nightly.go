// Package nightly is the nightly export job: it reads invoices from
// Postgres page by page and loads them into the analytics file.
// expect: none
package nightly

import (
	"context"
	"database/sql"

	"example.com/corpus/engine/storeopen/store"
)

const invoicePage = 200_000

func Run(ctx context.Context) error {
	pg, err := store.OpenPostgres()
	if err != nil {
		return err
	}
	defer pg.Close()
	duck, err := store.OpenAnalytics()
	if err != nil {
		return err
	}
	defer duck.Close()

	tx, err := duck.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ins, err := tx.PrepareContext(ctx, "INSERT INTO invoices VALUES (?, ?, ?)")
	if err != nil {
		return err
	}
	for off := 0; ; off += invoicePage {
		n, err := copyPage(ctx, pg, ins, off)
		if err != nil {
			return err
		}
		if n < invoicePage {
			break
		}
	}
	return tx.Commit()
}

func copyPage(ctx context.Context, pg *sql.DB, ins *sql.Stmt, off int) (int, error) {
	rows, err := pg.QueryContext(ctx, "SELECT id, customer_id, total FROM invoices ORDER BY id LIMIT $1 OFFSET $2", invoicePage, off)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id, customer int64
		var total float64
		if err := rows.Scan(&id, &customer, &total); err != nil {
			return n, err
		}
		if _, err := ins.ExecContext(ctx, id, customer, total); err != nil {
			return n, err
		}
		n++
	}
	return n, rows.Err()
}
