// Package events writes DuckDB one row per statement from a module that
// links DuckDB 2.0.0: the findings quote what a row cost on 2.0.0, and say
// so.
package events

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Event struct {
	ID   int64
	Kind string
	At   string
}

func Save(ctx context.Context, db *sql.DB, events <-chan Event) error {
	for e := range events {
		if _, err := db.ExecContext(ctx, "INSERT INTO events VALUES (?, ?, ?)", e.ID, e.Kind, e.At); err != nil { // want `^one-row INSERT per loop iteration \(each statement commits alone: about 2,100 µs a row against 3 µs with the Appender in one transaction\); use rowalign's loader\.Load$`
			return err
		}
	}
	return nil
}

func SaveTx(ctx context.Context, db *sql.DB, events <-chan Event) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for e := range events {
		if _, err := tx.ExecContext(ctx, "INSERT INTO events VALUES (?, ?, ?)", e.ID, e.Kind, e.At); err != nil { // want `^one-row INSERT per loop iteration \(in the transaction each statement runs alone: about 1,200 µs a row against 3 µs with the Appender\); use rowalign's loader\.Load$`
			return err
		}
	}
	return tx.Commit()
}

func SavePrepared(ctx context.Context, db *sql.DB, events <-chan Event) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, "INSERT INTO events VALUES (?, ?, ?)")
	if err != nil {
		return err
	}
	defer stmt.Close()
	for e := range events {
		if _, err := stmt.ExecContext(ctx, e.ID, e.Kind, e.At); err != nil { // want `^one-row INSERT per loop iteration \(in the transaction each statement runs alone: about 400 µs a row against 3 µs with the Appender\); use rowalign's loader\.Load$`
			return err
		}
	}
	return tx.Commit()
}

func MarkSeen(db *sql.DB, ids <-chan int64) error {
	for id := range ids {
		if _, err := db.Exec("UPDATE events SET seen = true WHERE id = ?", id); err != nil { // want `^one-row UPDATE per loop iteration \(each statement commits alone: about 3,500 µs a row against 20 µs set-wise\); stage the keys in a temp table, then one UPDATE \.\.\. FROM$`
			return err
		}
	}
	return nil
}

func PurgeTx(ctx context.Context, db *sql.DB, ids <-chan int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for id := range ids {
		if _, err := tx.ExecContext(ctx, "DELETE FROM events WHERE id = ?", id); err != nil { // want `^one-row DELETE per loop iteration \(in the transaction each statement runs alone: about 1,700 µs a row \(measured for UPDATE\) against 20 µs set-wise\); stage the keys in a temp table, then one DELETE \.\.\. USING$`
			return err
		}
	}
	return tx.Commit()
}
