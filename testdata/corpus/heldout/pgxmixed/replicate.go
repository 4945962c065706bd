// Package pgxmixed replicates a Postgres table (through pgx's database/sql
// driver) into DuckDB; the page walk runs on Postgres.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package pgxmixed

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/jackc/pgx/v5/stdlib"
)

func Replicate(ctx context.Context, pgDSN, duckPath string) error {
	pg, err := sql.Open("pgx", pgDSN)
	if err != nil {
		return err
	}
	defer pg.Close()
	duck, err := sql.Open("duckdb", duckPath)
	if err != nil {
		return err
	}
	defer duck.Close()
	for off := 0; ; off += 100_000 {
		rows, err := pg.QueryContext(ctx, "SELECT id, name FROM accounts ORDER BY id LIMIT $1 OFFSET $2", 100_000, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var name string
			if err := rows.Scan(&id, &name); err != nil {
				rows.Close()
				return err
			}
			if _, err := duck.ExecContext(ctx, "INSERT INTO accounts VALUES (?, ?)", id, name); err != nil { // expect: rowbyrow
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}
