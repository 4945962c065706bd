// Package bookdb keeps a catalogue in SQLite: the command package below
// imports it, so it talks to SQLite too.
package bookdb

import (
	"database/sql"

	_ "github.com/mattn/go-sqlite3"
)

// Open opens the catalogue.
func Open(path string) (*sql.DB, error) { return sql.Open("sqlite3", path) }
