// Package ordercopy copies a PostgreSQL shop's orders into DuckDB: the
// loop ranges over another package's result, which its BulkResult fact
// says is every row of a query.
package ordercopy

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/pgsource"
)

// Copy copies every order, one INSERT each.
func Copy(ctx context.Context, src *pgsource.Source, path string) error {
	duck, err := sql.Open("duckdb", path)
	if err != nil {
		return err
	}
	defer duck.Close()
	orders, err := src.ListAll(ctx)
	if err != nil {
		return err
	}
	for _, o := range orders {
		if _, err := duck.ExecContext(ctx, `INSERT INTO orders VALUES (?, ?)`, o.ID, o.Cents); err != nil { // want `one-row INSERT per loop iteration \(each statement commits alone`
			return err
		}
	}
	return nil
}

// Latest copies the ten newest orders: no bulk read behind them.
func Latest(ctx context.Context, src *pgsource.Source, duck *sql.DB) error {
	orders, err := src.Recent(ctx)
	if err != nil {
		return err
	}
	for _, o := range orders {
		if _, err := duck.ExecContext(ctx, `INSERT INTO orders VALUES (?, ?)`, o.ID, o.Cents); err != nil {
			return err
		}
	}
	return nil
}
