// Package typedbatch is a Postgres-export-to-DuckDB migrator whose batch
// sizes carry types of their own: a fix must keep them, or the fixed code
// stops compiling (issue 10).
package typedbatch

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/typedbatch/limits"
)

// A shift of a typed one: uint64(1) << 16 is a uint64.
const usersBatch = uint64(1) << 16

func migrateUsers(db *sql.DB, src *sql.Rows) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	var n uint64
	for src.Next() {
		if _, err := tx.Exec("INSERT INTO users VALUES (?)", n); err != nil {
			return err
		}
		n++
		if n%usersBatch == 0 {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = db.Begin(); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

// A row count of another package: the fix names its type as this file
// imports it.
const ordersBatch = limits.Rows(1) << 18 // want `commit size ordersBatch = 262144 splits`

func migrateOrders(db *sql.DB, src *sql.Rows) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	var n limits.Rows
	for src.Next() {
		if _, err := tx.Exec("INSERT INTO orders VALUES (?)", n); err != nil {
			return err
		}
		n++
		if n%ordersBatch == 0 {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = db.Begin(); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

// A float-style constant, as in "flush every 5e4 rows": it must stay a
// float constant, or checkpoint, set from it, becomes an int and
// checkpoint *= 0.9 stops compiling.
const flushEvery = 5e4

func migrateEvents(db *sql.DB, src *sql.Rows) error {
	checkpoint := flushEvery
	checkpoint *= 0.9 // log progress at 90% of a batch
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	n := 0
	for src.Next() {
		if _, err := tx.Exec("INSERT INTO events VALUES (?, ?)", n, checkpoint); err != nil {
			return err
		}
		n++
		if n%flushEvery == 0 {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = db.Begin(); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}
