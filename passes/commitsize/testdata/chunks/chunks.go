// Package chunks saves a slice of rows one transaction per chunk.
package chunks

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"slices"

	"github.com/duckdb/duckdb-go/v2"
)

type row struct {
	ID   int64
	Name string
}

const insertChunk = 50_000

func saveAll(ctx context.Context, db *sql.DB, rows []row) error {
	for start := 0; start < len(rows); start += insertChunk {
		end := min(start+insertChunk, len(rows))
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		stmt, err := tx.PrepareContext(ctx, "INSERT INTO items VALUES (?, ?)")
		if err != nil {
			tx.Rollback()
			return err
		}
		for _, r := range rows[start:end] {
			if _, err := stmt.ExecContext(ctx, r.ID, r.Name); err != nil {
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

func saveLiteral(db *sql.DB, rows []row) error {
	for i := 0; i < len(rows); i += 250_000 { // want `^commit size 250000 splits DuckDB's 122880-row row groups`
		j := i + 250_000
		if j > len(rows) {
			j = len(rows)
		}
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		for _, r := range rows[i:j] {
			if _, err := tx.Exec("INSERT INTO items VALUES (?, ?)", r.ID, r.Name); err != nil {
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

// One row group per transaction: nothing to say.
func saveAligned(db *sql.DB, rows []row) error {
	for i := 0; i < len(rows); i += 122_880 {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		for _, r := range rows[i:min(i+122_880, len(rows))] {
			tx.Exec("INSERT INTO items VALUES (?, ?)", r.ID, r.Name)
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// An Appender flushed after each chunk: one commit a chunk.
func appendChunks(conn driver.Conn, rows []row) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "items")
	if err != nil {
		return err
	}
	for start := 0; start < len(rows); start += 100_000 { // want `^commit size 100000 is smaller than DuckDB's 122880-row row group`
		for _, r := range rows[start:min(start+100_000, len(rows))] {
			if err := app.AppendRow(r.ID, r.Name); err != nil {
				return err
			}
		}
		if err := app.Flush(); err != nil {
			return err
		}
	}
	return app.Close()
}

func saveChunked(ctx context.Context, db *sql.DB, rows []row) error {
	for chunk := range slices.Chunk(rows, 200_000) { // want `^commit size 200000 splits DuckDB's 122880-row row groups`
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		for _, r := range chunk {
			if _, err := tx.ExecContext(ctx, "INSERT INTO items VALUES (?, ?)", r.ID, r.Name); err != nil {
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
