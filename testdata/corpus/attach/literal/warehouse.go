// Package literal sets up the warehouse: attach the shared file with
// smaller row groups for the dashboards.
package literal

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Setup(db *sql.DB) error {
	stmts := []string{
		"INSTALL httpfs",
		"LOAD httpfs",
		"ATTACH 'warehouse.duckdb' AS wh (ROW_GROUP_SIZE 100000)", // expect: attachsize
		"USE wh",
	}
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			return err
		}
	}
	return nil
}
