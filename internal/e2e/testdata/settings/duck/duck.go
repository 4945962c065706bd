// Package duck opens DuckDB for its importers by the driver's name; the
// program's main package registers the driver. It is a wrapper, named by
// -wrappers=example.com/settings/duck.
package duck

import "database/sql"

func Open() (*sql.DB, error) { return sql.Open("duckdb", "") }
