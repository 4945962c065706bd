// Package pqconnector copies Postgres tables into DuckDB; the Postgres
// handle comes from pq's connector.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package pqconnector

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/lib/pq"
)

const page = 200_000

func Copy(pgDSN, duckPath, table string) error {
	conn, err := pq.NewConnector(pgDSN)
	if err != nil {
		return err
	}
	src := sql.OpenDB(conn)
	defer src.Close()
	dst, err := sql.Open("duckdb", duckPath)
	if err != nil {
		return err
	}
	defer dst.Close()
	tx, err := dst.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for off := 0; ; off += page {
		rows, err := src.Query("SELECT id, v FROM "+table+" ORDER BY id LIMIT $1 OFFSET $2", page, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var v string
			rows.Scan(&id, &v)
			tx.Exec("INSERT INTO "+table+" VALUES (?, ?)", id, v) // expect: rowbyrow
			n++
		}
		rows.Close()
		if n < page {
			break
		}
	}
	return tx.Commit()
}
