// Package copysizes archives tables into DuckDB one INSERT ... SELECT
// page per commit, at the commit sizes the copy was timed at (10,000,
// 50,000 and 500,000 rows) and between them: each finding quotes the
// figure of its size, or says it interpolates.
package copysizes

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Archive10000(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += 10_000 {
		res, err := db.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events LIMIT ? OFFSET ?", 10_000, off) // want `^commit size 10000 is smaller than DuckDB's 122880-row row group: smaller commits cost more \(2\.6x slower load than one-row-group commits\); use 122_880$`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

func Archive20000(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += 20_000 {
		res, err := db.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events LIMIT ? OFFSET ?", 20_000, off) // want `^commit size 20000 is smaller than DuckDB's 122880-row row group: smaller commits cost more \(1\.4-2\.6x the CPU of one-row-group commits, interpolated\); use 122_880$`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

func Archive50000(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += 50_000 {
		res, err := db.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events LIMIT ? OFFSET ?", 50_000, off) // want `^commit size 50000 is smaller than DuckDB's 122880-row row group: smaller commits cost more \(1\.4-1\.7x the CPU of one-row-group commits\); use 122_880$`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

func Archive75000(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += 75_000 {
		res, err := db.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events LIMIT ? OFFSET ?", 75_000, off) // want `^commit size 75000 is smaller than DuckDB's 122880-row row group: smaller commits cost more \(1\.1-1\.7x the CPU of one-row-group commits, interpolated\); use 122_880$`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

func Archive300000(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += 300_000 {
		res, err := db.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events LIMIT ? OFFSET ?", 300_000, off) // want `^commit size 300000 splits DuckDB's 122880-row row groups: each commit leaves a partial row group \(1\.5-2x slower load, interpolated\); use 245_760$`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

func Archive500000(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += 500_000 {
		res, err := db.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events LIMIT ? OFFSET ?", 500_000, off) // want `^commit size 500000 splits DuckDB's 122880-row row groups: each commit leaves a partial row group \(1\.5x slower load\); use 491_520$`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}
