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
func Latest(ctx context.Context, src *pgsource.Source, path string) error {
	duck, err := sql.Open("duckdb", path)
	if err != nil {
		return err
	}
	defer duck.Close()
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

// big keeps the orders of at least 100 dollars: what it returns is what
// its caller hands it, a whole table at one call and two orders at
// another.
func big(orders []pgsource.Order) []pgsource.Order {
	var out []pgsource.Order
	for _, o := range orders {
		if o.Cents >= 100_00 {
			out = append(out, o)
		}
	}
	return out
}

// CountBig counts the big orders of the whole table.
func CountBig(ctx context.Context, src *pgsource.Source) (int, error) {
	orders, err := src.ListAll(ctx)
	if err != nil {
		return 0, err
	}
	return len(big(orders)), nil
}

// Manual copies the big ones of two orders a support agent picked.
func Manual(ctx context.Context, path string, a, b pgsource.Order) error {
	duck, err := sql.Open("duckdb", path)
	if err != nil {
		return err
	}
	defer duck.Close()
	for _, o := range big([]pgsource.Order{a, b}) {
		if _, err := duck.ExecContext(ctx, `INSERT INTO orders VALUES (?, ?)`, o.ID, o.Cents); err != nil {
			return err
		}
	}
	return nil
}

// CopyLines copies the lines of one order: one key's few rows.
func CopyLines(ctx context.Context, src *pgsource.Source, path string, orderID int64) error {
	duck, err := sql.Open("duckdb", path)
	if err != nil {
		return err
	}
	defer duck.Close()
	skus, err := src.Lines(ctx, orderID)
	if err != nil {
		return err
	}
	for _, sku := range skus {
		if _, err := duck.ExecContext(ctx, `INSERT INTO order_lines VALUES (?, ?)`, orderID, sku); err != nil {
			return err
		}
	}
	return nil
}
