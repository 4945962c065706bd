// Package aligned attaches a database with two-row-group row groups and a
// storage version that allows them, exports Parquet in whole row groups,
// and walks the attached table in rowid ranges of that size.
// expect: none
package aligned

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const span = 245_760

func Setup(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, "ATTACH 'big.duckdb' AS big (ROW_GROUP_SIZE 245760, STORAGE_VERSION 'v1.2.0')"); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, "ATTACH 'small.duckdb' AS small (ROW_GROUP_SIZE 61440)"); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "COPY big.events TO 'events.parquet' (FORMAT parquet, ROW_GROUP_SIZE 122880)")
	return err
}

func Count(ctx context.Context, db *sql.DB) (int64, error) {
	var maxRow, total int64
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM big.events").Scan(&maxRow); err != nil {
		return 0, err
	}
	for lo := int64(0); lo <= maxRow; lo += span {
		var n int64
		if err := db.QueryRowContext(ctx, "SELECT count(*) FROM big.events WHERE rowid >= ? AND rowid < ?", lo, lo+span).Scan(&n); err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}
