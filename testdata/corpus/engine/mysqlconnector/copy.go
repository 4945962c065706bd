// Package mysqlconnector copies MySQL tables into DuckDB; the MySQL handle
// comes from a connector, not a driver name.
// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).
package mysqlconnector

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/go-sql-driver/mysql"
)

const readRows = 200_000

func openMySQL(addr, dbName string) (*sql.DB, error) {
	cfg := mysql.NewConfig()
	cfg.Addr, cfg.DBName, cfg.ParseTime = addr, dbName, true
	conn, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(conn), nil
}

func Copy(addr, dbName, duckPath string) error {
	src, err := openMySQL(addr, dbName)
	if err != nil {
		return err
	}
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
	for off := 0; ; off += readRows {
		rows, err := src.Query("SELECT id, note FROM notes LIMIT ? OFFSET ?", readRows, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var note string
			rows.Scan(&id, &note)
			tx.Exec("INSERT INTO notes VALUES (?, ?)", id, note) // expect: rowbyrow
			n++
		}
		rows.Close()
		if n < readRows {
			break
		}
	}
	return tx.Commit()
}
