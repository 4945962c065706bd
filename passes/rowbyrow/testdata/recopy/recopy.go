// Package recopy copies a table into another DuckDB file, committing
// every 250,000 rows and preparing its INSERT again in each new
// transaction (a statement belongs to the transaction that prepared it).
package recopy

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const commitEvery = 250_000

const insertEvent = `INSERT INTO events (id, kind, payload) VALUES (?, ?, ?)`

// Copy copies every event of src into dst.
func Copy(ctx context.Context, src, dst *sql.DB) error {
	rows, err := src.QueryContext(ctx, `SELECT id, kind, payload FROM events`)
	if err != nil {
		return err
	}
	defer rows.Close()

	tx, err := dst.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	stmt, err := tx.PrepareContext(ctx, insertEvent)
	if err != nil {
		tx.Rollback()
		return err
	}
	n := 0
	for rows.Next() {
		var id int64
		var kind, payload string
		if err := rows.Scan(&id, &kind, &payload); err != nil {
			tx.Rollback()
			return err
		}
		if _, err := stmt.ExecContext(ctx, id, kind, payload); err != nil { // want `one-row INSERT per loop iteration \(in the transaction each statement runs alone: about 220 µs`
			tx.Rollback()
			return err
		}
		n++
		if n%commitEvery == 0 {
			stmt.Close()
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = dst.BeginTx(ctx, nil); err != nil {
				return err
			}
			if stmt, err = tx.PrepareContext(ctx, insertEvent); err != nil {
				tx.Rollback()
				return err
			}
		}
	}
	if err := rows.Err(); err != nil {
		tx.Rollback()
		return err
	}
	stmt.Close()
	return tx.Commit()
}
