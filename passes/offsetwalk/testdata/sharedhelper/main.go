// Package sharedhelper opens DuckDB and hands the handle to a helper
// package that walks whatever handle it is given: the walk is reported
// here, at the call that makes it DuckDB's.
package sharedhelper

import (
	"context"
	"database/sql"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/sharedhelper/dump"
)

// Backup dumps the events table of a DuckDB file.
func Backup(ctx context.Context, path string) error {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := dump.Table(ctx, db, "events", os.Stdout); err != nil { // want `^LIMIT/OFFSET page walk without ORDER BY \(in dump.Table, dump.go:19\)`
		return err
	}
	return dump.Row(ctx, db, "events", 1).Err()
}

// Mirror dumps a PostgreSQL table through the same helper: not DuckDB's,
// nothing to report.
func Mirror(ctx context.Context, dsn string) error {
	pg, err := sql.Open("postgres", dsn)
	if err != nil {
		return err
	}
	defer pg.Close()
	return dump.Table(ctx, pg, "events", os.Stdout)
}
