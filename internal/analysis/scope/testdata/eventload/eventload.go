// Package eventload loads events into DuckDB and reads the customer
// list from PostgreSQL: its transaction comes from a struct field that
// every assignment sets to a DuckDB handle, so its commit size is
// DuckDB's, and the finding says why.
package eventload

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

// Customers opens the customer database.
func Customers(dsn string) (*sql.DB, error) {
	return sql.Open("postgres", dsn)
}

// New opens the event history at path.
func New(path string) (*Loader, error) {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	return &Loader{db: db}, nil
}

// Loader loads events into the history.
type Loader struct {
	db *sql.DB
}

// loadBatch is how many events Load commits at a time.
const loadBatch = 100_000

// Load inserts events, committing every loadBatch rows.
func (l *Loader) Load(ctx context.Context, ids []int64) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	for i, id := range ids {
		if _, err := tx.ExecContext(ctx, "INSERT INTO events (id) VALUES (?)", id); err != nil {
			tx.Rollback()
			return err
		}
		if (i+1)%loadBatch == 0 {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = l.db.BeginTx(ctx, nil); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}
