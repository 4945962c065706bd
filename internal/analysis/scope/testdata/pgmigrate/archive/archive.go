// Package archive moves old rows out of both databases through the
// store package's transaction helpers.
package archive

import (
	"context"
	"database/sql"

	"example.com/scope/pgmigrate/store"
)

const chunk = 250_000

// archive reads each side through the store's own transaction helpers.
func archive(ctx context.Context, stores *store.Stores) error {
	err := store.InTx(ctx, stores.Source(), func(tx *sql.Tx) error {
		for off := 0; ; off += chunk {
			rows, err := tx.QueryContext(ctx, "SELECT * FROM archive ORDER BY id LIMIT $1 OFFSET $2", chunk, off)
			if err != nil || !drain(rows) {
				return err
			}
		}
	})
	if err != nil {
		return err
	}
	err = store.InTx(ctx, stores.Duck, func(tx *sql.Tx) error {
		for off := 0; ; off += 160_000 {
			rows, err := tx.QueryContext(ctx, "SELECT * FROM archive LIMIT ? OFFSET ?", 160_000, off) // want `page size 160000 .*`
			if err != nil || !drain(rows) {
				return err
			}
		}
	})
	if err != nil {
		return err
	}
	return stores.WithWarehouseTx(ctx, func(tx *sql.Tx) error {
		for off := 0; ; off += 100_000 {
			rows, err := tx.QueryContext(ctx, "SELECT * FROM archive_index LIMIT ? OFFSET ?", 100_000, off) // want `page size 100000`
			if err != nil || !drain(rows) {
				return err
			}
		}
	})
}

func drain(rows *sql.Rows) bool {
	defer rows.Close()
	return rows.Next()
}
