// Package versioned attaches its warehouse with the newer storage format
// already named: a size that is not a multiple of the vector size gets
// the same fix as without STORAGE_VERSION (issue 24: it got none), and
// the version stays as written.
package versioned

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

// rowGroup is the warehouse's row group size.
const rowGroup = 200_000

func Open(ctx context.Context, db *sql.DB, dir string) error {
	if _, err := db.ExecContext(ctx, "ATTACH 'events.duckdb' AS ev (ROW_GROUP_SIZE 250000, STORAGE_VERSION 'v1.2.0')"); err != nil { // want `^ATTACH ... \(ROW_GROUP_SIZE 250000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 249856$`
		return err
	}
	q := fmt.Sprintf("ATTACH '%s/warehouse.duckdb' AS w (STORAGE_VERSION 'v1.2.0', ROW_GROUP_SIZE %d)", dir, rowGroup) // want `^ATTACH ... \(ROW_GROUP_SIZE rowGroup = 200000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 200_704$`
	_, err := db.ExecContext(ctx, q)
	return err
}

// OpenOld names a storage version too old for 122,880 rows or more: the
// fix would have to change it too, which is left to the user.
func OpenOld(db *sql.DB) error {
	_, err := db.Exec("ATTACH 'old.duckdb' AS o (ROW_GROUP_SIZE 250000, STORAGE_VERSION 'v1.0.0')") // want `^ATTACH ... \(ROW_GROUP_SIZE 250000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 249856 with STORAGE_VERSION 'v1.2.0'$`
	return err
}
