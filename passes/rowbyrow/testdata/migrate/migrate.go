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

func (m *Migrator) Copy(ctx context.Context) error {
	rows, err := m.PG.QueryContext(ctx, "SELECT id, total FROM orders WHERE NOT copied")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var total float64
		if err := rows.Scan(&id, &total); err != nil {
			return err
		}
		if _, err := m.Duck.ExecContext(ctx, "INSERT INTO orders VALUES (?, ?)", id, total); err != nil { // want `one-row INSERT per loop iteration \(each statement commits alone.*`
			return err
		}
		// PostgreSQL's costs are not DuckDB's: not reported.
		if _, err := m.PG.ExecContext(ctx, "UPDATE orders SET copied = true WHERE id = $1", id); err != nil {
			return err
		}
	}
	return rows.Err()
}
