// Package txperpage copies a table into a new schema one committed rowid
// span at a time, so a failure keeps the spans already copied.
package txperpage

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Copy(ctx context.Context, db *sql.DB, src, dst string) error {
	var maxRow int64
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM "+src).Scan(&maxRow); err != nil {
		return err
	}
	step := int64(100_000) // expect: commitsize
	for lo := int64(0); lo <= maxRow; lo += step {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO "+dst+" SELECT * FROM "+src+" WHERE rowid >= ? AND rowid < ?", lo, lo+step); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
