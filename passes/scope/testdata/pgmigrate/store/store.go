// want package:`opens DuckDB via github.com/duckdb/duckdb-go/v2`

// Package store opens both ends of the PostgreSQL-to-DuckDB migration:
// the application's PostgreSQL database and the DuckDB warehouse.
package store

import (
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
