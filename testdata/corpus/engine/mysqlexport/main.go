// Command mysqlexport dumps a MySQL table to CSV in pages, and copies
// it to a reporting schema committing every 100,000 rows.
// expect: none
package main

import (
	"database/sql"
	"encoding/csv"
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/go-sql-driver/mysql"
)

const pageRows = 50_000

func main() {
	table := flag.String("table", "orders", "table to export")
	flag.Parse()
	cfg := mysql.NewConfig()
	cfg.User, cfg.Addr, cfg.DBName = "report", "db:3306", "shop"
	db, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	w := csv.NewWriter(os.Stdout)
	defer w.Flush()
	for off := 0; ; off += pageRows {
		rows, err := db.Query(fmt.Sprintf("SELECT id, customer, total FROM %s LIMIT ? OFFSET ?", *table), pageRows, off)
		if err != nil {
			log.Fatal(err)
		}
		n := 0
		for rows.Next() {
			var id, customer, total string
			if err := rows.Scan(&id, &customer, &total); err != nil {
				log.Fatal(err)
			}
			w.Write([]string{id, customer, total})
			n++
		}
		rows.Close()
		if n < pageRows {
			break
		}
	}
	if err := copyToReporting(db, *table); err != nil {
		log.Fatal(err)
	}
}

func copyToReporting(db *sql.DB, table string) error {
	rows, err := db.Query("SELECT id, customer, total FROM " + table)
	if err != nil {
		return err
	}
	defer rows.Close()
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	n := 0
	for rows.Next() {
		var id, customer, total string
		if err := rows.Scan(&id, &customer, &total); err != nil {
			return err
		}
		if _, err := tx.Exec("INSERT INTO reporting."+table+" VALUES (?, ?, ?)", id, customer, total); err != nil {
			return err
		}
		n++
		if n%100_000 == 0 {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = db.Begin(); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}
