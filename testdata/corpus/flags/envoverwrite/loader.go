// Package envoverwrite loads TSV files into DuckDB, committing every
// batch rows; BATCH in the environment overrides the default.
package envoverwrite

import (
	"bufio"
	"database/sql"
	"io"
	"os"
	"strconv"
	"strings"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Load(db *sql.DB, r io.Reader) error {
	batch := 200_000 // expect: commitsize
	if v := os.Getenv("BATCH"); v != "" {
		batch, _ = strconv.Atoi(v)
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	ins, err := tx.Prepare("INSERT INTO metrics VALUES (?, ?, ?)")
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if _, err := ins.Exec(f[0], f[1], f[2]); err != nil { // expect: rowbyrow
			tx.Rollback()
			return err
		}
		n++
		if n%batch == 0 {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = db.Begin(); err != nil {
				return err
			}
			if ins, err = tx.Prepare("INSERT INTO metrics VALUES (?, ?, ?)"); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
