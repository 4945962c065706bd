// Package geo imports places one transaction per batch, cut by the
// module's own batchutil helpers: each batch is a commit of its size.
package geo

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/batchutil"
)

type Place struct {
	Name     string
	Lat, Lon float64
}

func Import(ctx context.Context, db *sql.DB, places []Place) error {
	// Rows written one statement at a time and committed every 100,000
	// fill the row groups whole (docs/measurements.md, measure batch):
	// under a row group nothing is reported.
	for _, batch := range batchutil.Chunk(places, 100_000) {
		if err := insertBatch(ctx, db, batch); err != nil {
			return err
		}
	}
	return nil
}

func ImportSeq(ctx context.Context, db *sql.DB, places []Place) error {
	for batch := range batchutil.Batches(places, 300_000) { // want `^commit size 300000 splits DuckDB's 122880-row row groups`
		if err := insertBatch(ctx, db, batch); err != nil {
			return err
		}
	}
	return nil
}

func ImportCollected(ctx context.Context, db *sql.DB, places []Place) error {
	for _, batch := range batchutil.Collect(batchutil.Batches(places, 50_000)) { // one statement a row, under a row group: silent
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		for _, p := range batch {
			if _, err := tx.ExecContext(ctx, "INSERT INTO places VALUES (?, ?, ?)", p.Name, p.Lat, p.Lon); err != nil {
				tx.Rollback()
				return err
			}
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

func insertBatch(ctx context.Context, db *sql.DB, batch []Place) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	for _, p := range batch {
		if _, err := tx.ExecContext(ctx, "INSERT INTO places VALUES (?, ?, ?)", p.Name, p.Lat, p.Lon); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}
