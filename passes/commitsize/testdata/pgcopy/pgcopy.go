// Package pgcopy migrates a Postgres table into DuckDB page by page,
// committing each page into DuckDB: the DuckDB commit is as big as the
// Postgres page.
package pgcopy

import (
	"context"
	"database/sql"

	"github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

const pageRows = 200_000 // want `^commit size pageRows = 200000 splits DuckDB's 122880-row row groups: each commit leaves a partial row group until a CHECKPOINT merges it; read and commit 245760 rows a postgres page$`

func Migrate(ctx context.Context, pgDSN, duckPath string) error {
	pg, err := sql.Open("postgres", pgDSN)
	if err != nil {
		return err
	}
	defer pg.Close()
	duck, err := sql.Open("duckdb", duckPath)
	if err != nil {
		return err
	}
	defer duck.Close()

	var lastID int64
	for {
		rows, err := pg.QueryContext(ctx, "SELECT id, name FROM accounts WHERE id > $1 ORDER BY id LIMIT $2", lastID, pageRows)
		if err != nil {
			return err
		}
		tx, err := duck.BeginTx(ctx, nil)
		if err != nil {
			rows.Close()
			return err
		}
		n := 0
		for rows.Next() {
			var name string
			if err := rows.Scan(&lastID, &name); err != nil {
				rows.Close()
				tx.Rollback()
				return err
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO accounts VALUES (?, ?)", lastID, name); err != nil {
				rows.Close()
				tx.Rollback()
				return err
			}
			n++
		}
		rows.Close()
		if err := tx.Commit(); err != nil {
			return err
		}
		if n < pageRows {
			return nil
		}
	}
}

// Read and written on Postgres alone: not rowalign's.
func Archive(ctx context.Context, pg *sql.DB) error {
	for off := 0; ; off += 250_000 {
		res, err := pg.ExecContext(ctx, "INSERT INTO accounts_archive SELECT * FROM accounts ORDER BY id LIMIT $1 OFFSET $2", 250_000, off)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

const auditPage = 100_000 // want `^commit size auditPage = 100000 is smaller than DuckDB's 122880-row row group: each flush commits a partial row group \(file \+1.5-4% at 29 columns\); read and commit 122880 rows a postgres page$`

// Each Postgres page is appended, then the Appender flushed: one DuckDB
// commit a page.
func CopyAudit(ctx context.Context, app *duckdb.Appender) error {
	pg, err := sql.Open("postgres", "postgres://localhost/audit")
	if err != nil {
		return err
	}
	for off := 0; ; off += auditPage {
		rows, err := pg.QueryContext(ctx, "SELECT id, action FROM audit ORDER BY id LIMIT $1 OFFSET $2", auditPage, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var action string
			if err := rows.Scan(&id, &action); err != nil {
				rows.Close()
				return err
			}
			if err := app.AppendRow(id, action); err != nil {
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if err := app.Flush(); err != nil {
			return err
		}
		if n < auditPage {
			return nil
		}
	}
}
