// Package migrate copies rows from PostgreSQL into DuckDB, and writes
// audit rows back to PostgreSQL one at a time.
package migrate

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

type Migrator struct {
	PG   *sql.DB
	Duck *sql.DB
}

func New() (*Migrator, error) {
	pg, err := sql.Open("postgres", "postgres://localhost/app")
	if err != nil {
		return nil, err
	}
	duck, err := sql.Open("duckdb", "warehouse.duckdb")
	if err != nil {
		return nil, err
	}
	return &Migrator{PG: pg, Duck: duck}, nil
}

type order struct {
	ID    int64
	Total float64
}

func (m *Migrator) Copy(ctx context.Context, orders []order) error {
	for _, o := range orders {
		if _, err := m.Duck.ExecContext(ctx, "INSERT INTO orders VALUES (?, ?)", o.ID, o.Total); err != nil { // want `one-row INSERT per loop iteration \(each statement commits alone.*`
			return err
		}
		// PostgreSQL's costs are not DuckDB's: not reported.
		if _, err := m.PG.ExecContext(ctx, "UPDATE orders SET copied = true WHERE id = $1", o.ID); err != nil {
			return err
		}
	}
	return nil
}
