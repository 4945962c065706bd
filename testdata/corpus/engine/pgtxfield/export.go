// Package pgtxfield exports a consistent Postgres snapshot into DuckDB:
// the exporter keeps the Postgres transaction in a field.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package pgtxfield

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

type exporter struct {
	snap *sql.Tx
	out  *sql.Tx
}

func Export(ctx context.Context, pgDSN, duckPath string) error {
	pg, err := sql.Open("postgres", pgDSN)
	if err != nil {
		return err
	}
	duck, err := sql.Open("duckdb", duckPath)
	if err != nil {
		return err
	}
	snap, err := pg.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer snap.Rollback()
	out, err := duck.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer out.Rollback()
	e := &exporter{snap: snap, out: out}
	if err := e.table(ctx, "customers"); err != nil {
		return err
	}
	return out.Commit()
}

func (e *exporter) table(ctx context.Context, name string) error {
	const page = 100_000
	for off := 0; ; off += page {
		rows, err := e.snap.QueryContext(ctx, "SELECT id, name FROM "+name+" ORDER BY id LIMIT $1 OFFSET $2", page, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var v string
			rows.Scan(&id, &v)
			e.out.ExecContext(ctx, "INSERT INTO "+name+" VALUES (?, ?)", id, v) // expect: rowbyrow
			n++
		}
		rows.Close()
		if n < page {
			return nil
		}
	}
}
