// want package:`opens DuckDB via github.com/duckdb/duckdb-go/v2` package:`opens postgres`

// Package store opens both ends of the PostgreSQL-to-DuckDB migration:
// the application's PostgreSQL database and the DuckDB warehouse.
package store

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

// Stores holds the two databases.
type Stores struct {
	PG   *sql.DB // want PG:`^postgres handle$`
	Duck *sql.DB // want Duck:`^duckdb handle$`
	// Replica is set by the caller, from configuration: no fact.
	Replica *sql.DB
}

// New opens both databases.
func New(pgURL, duckPath string) (*Stores, error) {
	pg, err := sql.Open("postgres", pgURL)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	s := &Stores{PG: pg}
	s.Duck, err = sql.Open("duckdb", duckPath)
	if err != nil {
		pg.Close()
		return nil, fmt.Errorf("duckdb: %w", err)
	}
	return s, nil
}

// Source returns the PostgreSQL end.
func (s *Stores) Source() *sql.DB { return s.PG } // want Source:`^postgres handle$`

// WithWarehouseTx runs fn in a transaction on the warehouse.
func (s *Stores) WithWarehouseTx(ctx context.Context, fn func(tx *sql.Tx) error) error { // want WithWarehouseTx:`^callbacks: 1.0=duckdb$`
	tx, err := s.Duck.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// InTx runs fn in a transaction on db, whichever database it is.
func InTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error { // want InTx:`^callbacks: 2.0=param1$`
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(tx)
}

// Config is the migrator's configuration file.
type Config struct {
	WarehousePath string `json:"warehouse"`
	PostgresURL   string `json:"postgres"`
}

// OpenWarehouse opens the DuckDB warehouse the configuration names.
func (c *Config) OpenWarehouse() (*sql.DB, error) { // want OpenWarehouse:`^duckdb handle$`
	return sql.Open("duckdb", c.WarehousePath)
}

// OpenSource opens the PostgreSQL database the configuration names.
func (c *Config) OpenSource() (*sql.DB, error) { // want OpenSource:`^postgres handle$`
	return sql.Open("postgres", c.PostgresURL)
}
