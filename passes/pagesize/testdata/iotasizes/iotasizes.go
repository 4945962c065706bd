// Package iotasizes walks tables with page sizes computed in const
// groups: no literal is the size's own, so there is nothing for a fix to
// rewrite, and the message says what to change and where.
package iotasizes

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/iotasizes/tiers"
)

type level int

const (
	quick level = iota
	normal
	thorough
)

// Page sizes per level: 50,000 rows more at each.
const (
	quickPage = (iota + 1) * 50_000
	normalPage
	thoroughPage
)

// Batches repeat the expression before them.
const (
	reportBatch = 150_000
	auditBatch
)

// Scan reads the table at the page size of a level.
func Scan(ctx context.Context, db *sql.DB) error {
	for lo := 0; ; lo += thoroughPage {
		rows, err := db.QueryContext(ctx, "SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+thoroughPage) // want `^page size thoroughPage = 150000 splits DuckDB's 122880-row row groups: each page also reads a partly used one \(6-19% more bytes a row\); declare a constant of 122880 \(its const group, iotasizes\.go:27\)$`
		if err != nil {
			return err
		}
		more := rows.Next()
		rows.Close()
		if !more {
			return nil
		}
	}
}

// Report reads the table in report batches.
func Report(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += reportBatch {
		rows, err := db.QueryContext(ctx, "SELECT * FROM events LIMIT ? OFFSET ?", reportBatch, off) // want `^page size reportBatch = 150000 splits DuckDB's 122880-row row groups: each page also reads a partly used one \(6-19% more bytes a row\); declare a constant of 122880 \(its const group, iotasizes\.go:32\)$`
		if err != nil {
			return err
		}
		more := rows.Next()
		rows.Close()
		if !more {
			return nil
		}
	}
}

// Export reads the table at the large tier's page size.
func Export(ctx context.Context, db *sql.DB) error {
	for lo := 0; ; lo += int(tiers.Large) {
		rows, err := db.QueryContext(ctx, "SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+int(tiers.Large)) // want `^page size tiers\.Large = 300000 splits DuckDB's 122880-row row groups: each page also reads a partly used one \(6-19% more bytes a row\); use 245760 \(here, or at tiers\.go:11\)$`
		if err != nil {
			return err
		}
		more := rows.Next()
		rows.Close()
		if !more {
			return nil
		}
	}
}
