package connector

import (
	"database/sql"

	duckdb "github.com/marcboeker/go-duckdb/v2"
)

func open() *sql.DB {
	c, _ := duckdb.NewConnector("", nil)
	return sql.OpenDB(c)
}
