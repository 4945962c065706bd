// Package db opens the project's PostgreSQL database.
// expect: none
package db

import (
	"database/sql"
	"os"

	_ "github.com/lib/pq"
)

func Open() (*sql.DB, error) {
	return sql.Open("postgres", os.Getenv("DATABASE_URL"))
}
