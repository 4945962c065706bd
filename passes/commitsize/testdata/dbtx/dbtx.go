// Package dbtx runs a function inside a database/sql transaction and
// commits it; it works on any engine's handle.
package dbtx

import (
	"context"
	"database/sql"
	"fmt"
)

// InTx begins a transaction on db, runs fn in it, and commits it, or
// rolls it back when fn fails.
func InTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// ReadTx runs fn in a transaction it always rolls back.
func ReadTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(tx)
}
