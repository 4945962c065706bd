// Package finewebimport loads a FineWeb dump into DuckDB one prepared
// INSERT per document, committing every 10,000 and preparing the INSERT
// again in each new transaction, its text written out twice as a raw
// string at two indentations (go-mizu/mizu,
// blueprints/search/pkg/engine/fineweb/drivers/duckdb). The two texts
// differ only in whitespace: the same statement.
package finewebimport

import (
	"context"
	"database/sql"
	"fmt"
	"iter"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Document struct {
	ID, URL, Text string
}

type Driver struct{ db *sql.DB }

// Import ingests documents from an iterator.
func (d *Driver) Import(ctx context.Context, docs iter.Seq2[Document, error]) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("beginning transaction: %w", err)
	}
	defer tx.Rollback()

	stmt, err := tx.PrepareContext(ctx, `
		INSERT INTO documents (id, url, text)
		VALUES (?, ?, ?)
		ON CONFLICT (id) DO NOTHING
	`)
	if err != nil {
		return fmt.Errorf("preparing statement: %w", err)
	}

	batchSize := 10000
	count := 0

	for doc, err := range docs {
		if err != nil {
			stmt.Close()
			return fmt.Errorf("reading document: %w", err)
		}

		_, err = stmt.ExecContext(ctx, doc.ID, doc.URL, doc.Text) // want `^one-row INSERT per loop iteration \(in the transaction each statement runs alone: about 220 µs`
		if err != nil {
			stmt.Close()
			return fmt.Errorf("inserting document: %w", err)
		}
		count++

		if count >= batchSize {
			stmt.Close() // Close old statement before commit
			if err := tx.Commit(); err != nil {
				return fmt.Errorf("committing batch: %w", err)
			}
			tx, err = d.db.BeginTx(ctx, nil)
			if err != nil {
				return fmt.Errorf("beginning new transaction: %w", err)
			}
			stmt, err = tx.PrepareContext(ctx, `
				INSERT INTO documents (id, url, text)
				VALUES (?, ?, ?)
				ON CONFLICT (id) DO NOTHING
			`)
			if err != nil {
				return fmt.Errorf("preparing statement: %w", err)
			}
			count = 0
		}
	}
	stmt.Close()
	return tx.Commit()
}

// Retag prepares two different statements into one variable: no one text
// stands for both, silent.
func (d *Driver) Retag(ctx context.Context, ids []string, hard bool) error {
	stmt, err := d.db.PrepareContext(ctx, `UPDATE documents SET tag = 'x' WHERE id = ?`)
	if err != nil {
		return err
	}
	if hard {
		stmt, err = d.db.PrepareContext(ctx, `DELETE FROM documents WHERE id = ?`)
		if err != nil {
			return err
		}
	}
	for _, id := range ids {
		if _, err := stmt.ExecContext(ctx, id); err != nil {
			return err
		}
	}
	return nil
}
