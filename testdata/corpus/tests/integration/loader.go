// Package integration loads reference data; its integration test fills a
// table with the Appender outside a transaction and commits in odd batches.
// expect: none
package integration

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
