// Package setup prepares a warehouse connection from a list of statements,
// as start-up code does.
package setup

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// bootstrap runs when the service starts.
var bootstrap = []string{
	"INSTALL httpfs",
	"LOAD httpfs",
	"ATTACH 'warehouse.duckdb' AS wh (ROW_GROUP_SIZE 100000)", // want `ATTACH ... \(ROW_GROUP_SIZE 100000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 100352$`
	"USE wh",
}

func Open(path string) (*sql.DB, error) {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	for _, stmt := range bootstrap {
		if _, err := db.Exec(stmt); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, nil
}

// Dashboards attaches the dashboards' file with the statements written in
// the loop itself; the second list is fine.
func Dashboards(db *sql.DB) error {
	for _, s := range []string{
		"ATTACH 'dash.duckdb' AS dash (ROW_GROUP_SIZE 204800)", // want `ATTACH ... \(ROW_GROUP_SIZE 204800\) without STORAGE_VERSION 'v1.2.0' or later`
		"SET threads = 2",
	} {
		if _, err := db.Exec(s); err != nil {
			return err
		}
	}
	for _, s := range []string{
		"ATTACH 'cold.duckdb' AS cold (ROW_GROUP_SIZE 61440)",
		"ATTACH 'hot.duckdb' AS hot (ROW_GROUP_SIZE 245760, STORAGE_VERSION 'v1.2.0')",
	} {
		if _, err := db.Exec(s); err != nil {
			return err
		}
	}
	return nil
}

// Migrate's statements are indexed, not ranged over by value: the list
// is data the loop reads by position, and is not followed.
func Migrate(db *sql.DB, steps []string) error {
	for i := range steps {
		if _, err := db.Exec(steps[i]); err != nil {
			return err
		}
	}
	return nil
}
