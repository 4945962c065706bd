// Package onetx copies a table page by page inside one transaction: the
// pages commit nothing, the one COMMIT writes whole row groups.
// expect: none
package onetx

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const span = 250_000

func Copy(ctx context.Context, db *sql.DB) error {
	var maxRow int64
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM src").Scan(&maxRow); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for lo := int64(0); lo <= maxRow; lo += span {
		if _, err := tx.ExecContext(ctx, "INSERT INTO dst SELECT * FROM src WHERE rowid >= ? AND rowid < ?", lo, lo+span); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
