// Package commitloop loads the rows it is handed, committing every so
// many: the commits say the rows are a load, whatever the caller passes.
package commitloop

import (
	"context"
	"database/sql"
	"slices"

	_ "github.com/duckdb/duckdb-go/v2"
)

const commitEvery = 2 * 122_880

// Load inserts the documents, committing every two row groups.
func Load(ctx context.Context, db *sql.DB, docs []string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	for i, d := range docs {
		if _, err := tx.ExecContext(ctx, "INSERT INTO docs (body) VALUES (?)", d); err != nil { // want `one-row INSERT per loop iteration \(in the transaction`
			tx.Rollback()
			return err
		}
		if (i+1)%commitEvery == 0 {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = db.BeginTx(ctx, nil); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

type item struct {
	ID   int64
	Name string
}

// SaveChunked commits a transaction per chunk of rows.
func SaveChunked(ctx context.Context, db *sql.DB, items []item) error {
	for chunk := range slices.Chunk(items, commitEvery) {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		for _, it := range chunk {
			if _, err := tx.ExecContext(ctx, "INSERT INTO items VALUES (?, ?)", it.ID, it.Name); err != nil { // want `one-row INSERT per loop iteration \(in the transaction`
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
