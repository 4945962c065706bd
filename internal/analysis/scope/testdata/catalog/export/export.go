// Package export dumps the catalog from the DuckDB warehouse, and the
// supplier copy from PostgreSQL.
package export

import (
	"context"
	"database/sql"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"

	"example.com/scope/catalog"
)

// Warehouse dumps the catalog kept in DuckDB.
func Warehouse(ctx context.Context, path string) error {
	duck, err := sql.Open("duckdb", path)
	if err != nil {
		return err
	}
	defer duck.Close()
	store := catalog.New(duck)
	return store.Dump(ctx, os.Stdout) // want `page size dumpPage = 200000 \(in catalog.Dump, catalog.go:\d+\) splits DuckDB's 122880-row row groups: .*`
}

// Suppliers dumps the supplier copy of the catalog, in PostgreSQL: its
// pages cost DuckDB nothing.
func Suppliers(ctx context.Context, dsn string) error {
	pg, err := catalog.Suppliers(dsn)
	if err != nil {
		return err
	}
	defer pg.Close()
	return catalog.New(pg).Dump(ctx, os.Stdout)
}

// Given dumps a store this package did not make: which handle New was
// given is not in sight, so it stays silent.
func Given(ctx context.Context, store *catalog.Store) error {
	return store.Dump(ctx, os.Stdout)
}

// Mirrored dumps a mirror whose handle is swapped after New: not judged.
func Mirrored(ctx context.Context, path string) error {
	duck, err := sql.Open("duckdb", path)
	if err != nil {
		return err
	}
	return catalog.NewMirror(duck).Dump(ctx)
}
