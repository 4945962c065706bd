// want package:`opens postgres`

// Package store is the project's PostgreSQL access layer: it never
// touches DuckDB, but its functions hand out PostgreSQL handles.
package store

import (
	"database/sql"
	"os"

	_ "github.com/lib/pq"
)

// OpenPostgres opens the application database.
func OpenPostgres() (*sql.DB, error) { // want OpenPostgres:`^postgres handle$`
	return sql.Open("postgres", os.Getenv("DATABASE_URL"))
}

// MustPostgres opens the application database or panics.
func MustPostgres() *sql.DB { // want MustPostgres:`^postgres handle$`
	db, err := OpenPostgres()
	if err != nil {
		panic(err)
	}
	return db
}

// Replica opens whatever the configuration names: no fact.
func Replica(driver, dsn string) (*sql.DB, error) {
	return sql.Open(driver, dsn)
}

// Sessions is the session store, opened at start-up.
var Sessions = MustPostgres() // want Sessions:`^postgres handle$`
