// Package sqlxpostgres copies the customers table from PostgreSQL into a
// local DuckDB file for the analysts, page by page through sqlx.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package sqlxpostgres

import (
	"context"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"
)

const pgPage = 100_000

type Customer struct {
	ID      int64  `db:"id"`
	Name    string `db:"name"`
	Country string `db:"country"`
}

func openSource(dsn string) (*sqlx.DB, error) {
	return sqlx.Open("postgres", dsn)
}

func openWarehouse(path string) (*sqlx.DB, error) {
	return sqlx.Open("duckdb", path)
}

// Sync reads every customer from Postgres and writes them in one DuckDB
// transaction.
func Sync(ctx context.Context, pgDSN, duckPath string) error {
	src, err := openSource(pgDSN)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := openWarehouse(duckPath)
	if err != nil {
		return err
	}
	defer dst.Close()

	tx, err := dst.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for off := 0; ; off += pgPage {
		var batch []Customer
		if err := src.SelectContext(ctx, &batch, "SELECT id, name, country FROM customers ORDER BY id LIMIT $1 OFFSET $2", pgPage, off); err != nil {
			return fmt.Errorf("read customers at %d: %w", off, err)
		}
		for _, c := range batch {
			tx.MustExec("INSERT INTO customers VALUES (?, ?, ?)", c.ID, c.Name, c.Country) // expect: rowbyrow
		}
		if len(batch) < pgPage {
			break
		}
	}
	return tx.Commit()
}
