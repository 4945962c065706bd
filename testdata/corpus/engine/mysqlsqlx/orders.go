// Package mysqlsqlx exports orders from MySQL with a keyset walk through
// sqlx, into a DuckDB file for the finance team.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package mysqlsqlx

import (
	"context"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/go-sql-driver/mysql"
	"github.com/jmoiron/sqlx"
)

type order struct {
	ID    int64   `db:"id"`
	Total float64 `db:"total"`
}

type Exporter struct {
	shop    *sqlx.DB
	finance *sqlx.DB
}

func NewExporter(mysqlDSN, duckPath string) (*Exporter, error) {
	shop, err := sqlx.Connect("mysql", mysqlDSN)
	if err != nil {
		return nil, err
	}
	finance, err := sqlx.Connect("duckdb", duckPath)
	if err != nil {
		return nil, err
	}
	return &Exporter{shop: shop, finance: finance}, nil
}

func (e *Exporter) Run(ctx context.Context) error {
	tx, err := e.finance.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var last int64
	for {
		var batch []order
		if err := e.shop.SelectContext(ctx, &batch, "SELECT id, total FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, 100_000); err != nil {
			return err
		}
		for _, o := range batch {
			tx.MustExec("INSERT INTO orders VALUES (?, ?)", o.ID, o.Total) // expect: rowbyrow
			last = o.ID
		}
		if len(batch) < 100_000 {
			break
		}
	}
	return tx.Commit()
}
