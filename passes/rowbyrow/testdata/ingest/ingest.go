// Package ingest feeds events to the store, one call per event.
package ingest

import (
	"context"
	"database/sql"

	"example.com/fixtures/pgstore"
	"example.com/fixtures/store"
)

func Run(ctx context.Context, s *store.Store, events <-chan store.Event) error {
	for e := range events {
		if err := s.Put(ctx, e); err != nil { // want `Put writes one row \(INSERT\) per loop iteration \(each statement commits alone`
			return err
		}
	}
	return nil
}

func RunTx(ctx context.Context, db *sql.DB, events <-chan store.Event) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for e := range events {
		if err := store.PutTx(ctx, tx, e); err != nil { // want `PutTx writes one row \(INSERT\) per loop iteration \(in the transaction each statement runs alone: about 720 µs`
			return err
		}
	}
	return tx.Commit()
}

// Expire runs a store of unknown engine per id: not reported. Saving
// through the DuckDB handle the caller passes is.
func Expire(ctx context.Context, s *pgstore.Sessions, duck *sql.DB, ids <-chan string) error {
	for id := range ids {
		if err := s.Touch(ctx, id); err != nil {
			return err
		}
		if err := pgstore.Save(ctx, duck, id); err != nil { // want `Save writes one row \(INSERT\) per loop iteration \(each statement commits alone`
			return err
		}
	}
	return nil
}
