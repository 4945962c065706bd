// Package conntx snapshots a Postgres table inside a REPEATABLE READ
// transaction on a dedicated connection and writes it to DuckDB.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package conntx

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

type Snapshotter struct {
	source *sql.DB
	target *sql.DB
}

func NewSnapshotter(pgDSN, duckPath string) (*Snapshotter, error) {
	src, err := sql.Open("postgres", pgDSN)
	if err != nil {
		return nil, err
	}
	dst, err := sql.Open("duckdb", duckPath)
	if err != nil {
		return nil, err
	}
	return &Snapshotter{source: src, target: dst}, nil
}

func (s *Snapshotter) Snapshot(ctx context.Context) error {
	conn, err := s.source.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	out, err := s.target.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer out.Rollback()
	const page = 150_000
	for off := 0; ; off += page {
		rows, err := tx.QueryContext(ctx, "SELECT sku, qty FROM stock ORDER BY sku LIMIT $1 OFFSET $2", page, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var sku string
			var qty int
			if err := rows.Scan(&sku, &qty); err != nil {
				rows.Close()
				return err
			}
			if _, err := out.ExecContext(ctx, "INSERT INTO stock VALUES (?, ?)", sku, qty); err != nil { // expect: rowbyrow
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n < page {
			break
		}
	}
	return out.Commit()
}
