// Package duck opens the database the configuration names; the program's
// main package registers the DuckDB driver. Nothing here says DuckDB, so
// its importers are in scope only when -wrappers names it
// (-wrappers=example.com/settings/duck).
package duck

import (
	"database/sql"
	"os"
)

func Open() (*sql.DB, error) { return sql.Open(os.Getenv("DB_DRIVER"), os.Getenv("DB_DSN")) }
