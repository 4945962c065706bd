// Package store opens the application's PostgreSQL database.
package store

import (
	"database/sql"

	_ "github.com/lib/pq"
)

func OpenPostgres() (*sql.DB, error) { return sql.Open("postgres", "postgres://localhost/app") }
