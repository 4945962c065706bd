// Package sprintf is a command-line tool that attaches the nightly
// snapshots to a DuckDB session, building each ATTACH with fmt.Sprintf.
package sprintf

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"log"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

// snapshotRowGroup is the row group size of the snapshot databases.
const snapshotRowGroup = 100_000

// bigRowGroup needs the newer storage format.
const bigRowGroup = 245_760

var dir = flag.String("dir", "/data/snapshots", "snapshot directory")

func attachAll(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, fmt.Sprintf("ATTACH '%s/warehouse.db' AS w (ROW_GROUP_SIZE %d)", *dir, 150_000)); err != nil { // want `ATTACH ... \(ROW_GROUP_SIZE 150000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 149_504 with STORAGE_VERSION 'v1.2.0'$`
		return err
	}
	q := fmt.Sprintf("ATTACH '%s/orders.db' AS o (ROW_GROUP_SIZE %d)", *dir, snapshotRowGroup) // want `ATTACH ... \(ROW_GROUP_SIZE snapshotRowGroup = 100000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 100_352$`
	if _, err := db.ExecContext(ctx, q); err != nil {
		return err
	}
	rg := 61_440
	if _, err := db.ExecContext(ctx, fmt.Sprintf("ATTACH '%s/small.db' AS s (ROW_GROUP_SIZE %d)", *dir, rg)); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, fmt.Sprintf("ATTACH '%s/big.db' AS b (ROW_GROUP_SIZE %d)", *dir, bigRowGroup)); err != nil { // want `ATTACH ... \(ROW_GROUP_SIZE bigRowGroup = 245760\) without STORAGE_VERSION 'v1.2.0' or later`
		return err
	}
	if _, err := db.ExecContext(ctx, fmt.Sprintf("ATTACH '%s/new.db' AS n (ROW_GROUP_SIZE %d, STORAGE_VERSION 'v1.2.0')", *dir, bigRowGroup)); err != nil {
		return err
	}
	wide := 200_000
	_, err := db.ExecContext(ctx, "ATTACH '"+*dir+"/wide.db' AS wd (ROW_GROUP_SIZE "+strconv.Itoa(wide)+")") // want `ATTACH ... \(ROW_GROUP_SIZE wide = 200000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 200_704 with STORAGE_VERSION 'v1.2.0'$`
	return err
}

// attachSized takes the size from the command line: not a constant,
// nothing to report.
func attachSized(db *sql.DB, rowGroup int) {
	if _, err := db.Exec(fmt.Sprintf("ATTACH 'x.db' AS x (ROW_GROUP_SIZE %d)", rowGroup)); err != nil {
		log.Fatal(err)
	}
}
