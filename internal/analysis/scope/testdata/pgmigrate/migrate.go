// Package pgmigrate copies the application's tables from PostgreSQL into
// the DuckDB warehouse. Its handles come from the store package, as
// fields of store.Stores and from store.Config's methods, and reach the
// walks through closures and a transaction helper.
package pgmigrate

import (
	"context"
	"database/sql"

	"example.com/scope/pgmigrate/store"
)

type app struct {
	stores *store.Stores
}

const chunk = 250_000

// copyOrders reads the source page by page: PostgreSQL, silent.
func (a *app) copyOrders(ctx context.Context) error {
	for off := 0; ; off += chunk {
		rows, err := a.stores.PG.QueryContext(ctx, "SELECT * FROM orders ORDER BY id LIMIT $1 OFFSET $2", chunk, off)
		if err != nil {
			return err
		}
		if !drain(rows) {
			return nil
		}
	}
}

// verifyOrders walks the copy in DuckDB.
func (a *app) verifyOrders(ctx context.Context) error {
	for off := 0; ; off += 200_000 {
		rows, err := a.stores.Duck.QueryContext(ctx, "SELECT * FROM orders LIMIT ? OFFSET ?", 200_000, off) // want `page size 200000 .*`
		if err != nil {
			return err
		}
		if !drain(rows) {
			return nil
		}
	}
}

// backfill pages through the source with a closure.
func (a *app) backfill() {
	page := func(db *sql.DB, table string) {
		for off := 0; ; off += 150_000 {
			rows, err := db.Query("SELECT * FROM "+table+" ORDER BY id LIMIT $1 OFFSET $2", 150_000, off)
			if err != nil || !drain(rows) {
				return
			}
		}
	}
	page(a.stores.PG, "customers")
	page(a.stores.PG, "invoices")
}

// recount walks the warehouse with a closure.
func (a *app) recount() {
	count := func(db *sql.DB) {
		for off := 0; ; off += 100_000 {
			rows, err := db.Query("SELECT id FROM invoices LIMIT ? OFFSET ?", 100_000, off) // want `page size 100000`
			if err != nil || !drain(rows) {
				return
			}
		}
	}
	count(a.stores.Duck)
}

// both walks either database with one closure: a fix would rewrite the
// PostgreSQL walk's size too, so rowalign says nothing.
func (a *app) both() {
	scan := func(db *sql.DB) {
		for off := 0; ; off += 100_000 {
			rows, err := db.Query("SELECT id FROM invoices LIMIT 100000 OFFSET ?", off)
			if err != nil || !drain(rows) {
				return
			}
		}
	}
	scan(a.stores.PG)
	scan(a.stores.Duck)
}

// inTx runs fn in a transaction on db.
func inTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// snapshot reads each side in a transaction of its own.
func (a *app) snapshot(ctx context.Context) error {
	err := inTx(ctx, a.stores.PG, func(tx *sql.Tx) error {
		for off := 0; ; off += chunk {
			rows, err := tx.QueryContext(ctx, "SELECT * FROM payments ORDER BY id LIMIT $1 OFFSET $2", chunk, off)
			if err != nil {
				return err
			}
			if !drain(rows) {
				return nil
			}
		}
	})
	if err != nil {
		return err
	}
	return inTx(ctx, a.stores.Duck, func(tx *sql.Tx) error {
		for off := 0; ; off += 300_000 {
			rows, err := tx.QueryContext(ctx, "SELECT * FROM payments LIMIT ? OFFSET ?", 300_000, off) // want `page size 300000`
			if err != nil {
				return err
			}
			if !drain(rows) {
				return nil
			}
		}
	})
}

// pinned walks each database on a connection or transaction of its own.
func (a *app) pinned(ctx context.Context) error {
	conn, err := a.stores.Duck.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	for off := 0; ; off += 50_000 {
		rows, err := conn.QueryContext(ctx, "SELECT * FROM refunds LIMIT ? OFFSET ?", 50_000, off) // want `page size 50000`
		if err != nil {
			return err
		}
		if !drain(rows) {
			break
		}
	}
	tx, err := a.stores.PG.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for off := 0; ; off += 50_000 {
		rows, err := tx.QueryContext(ctx, "SELECT * FROM refunds ORDER BY id LIMIT $1 OFFSET $2", 50_000, off)
		if err != nil {
			return err
		}
		if !drain(rows) {
			return nil
		}
	}
}

// replica is set from configuration in main: its engine is unknown, and
// this package talks to PostgreSQL too, so rowalign says nothing.
func (a *app) replica() {
	for off := 0; ; off += 250_000 {
		rows, _ := a.stores.Replica.Query("SELECT * FROM shipments LIMIT ? OFFSET ?", 250_000, off)
		if !drain(rows) {
			break
		}
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
