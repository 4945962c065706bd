// Package loaderflags is a CSV-to-DuckDB loader whose commit sizes come
// from flags, the environment and a config method.
package loaderflags

import (
	"context"
	"database/sql"
	"encoding/csv"
	"flag"
	"io"
	"os"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

var (
	batch = flag.Int("batch", 100_000, "rows per commit")
	src   = flag.String("src", "events.csv", "CSV file to load")
)

func load(ctx context.Context, db *sql.DB, r *csv.Reader) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	n := 0
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO events VALUES (?, ?)", rec[0], rec[1]); err != nil {
			return err
		}
		n++
		if n%*batch == 0 {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = db.BeginTx(ctx, nil); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

// envInt returns the integer in the environment variable name, or def.
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// Copy commits INSERT ... SELECT page by page, its page from the
// environment with a default.
func copyTable(ctx context.Context, db *sql.DB) error {
	page := envInt("COPY_PAGE", 250_000) // want `commit size 250000 splits`
	for off := 0; ; off += page {
		res, err := db.ExecContext(ctx, "INSERT INTO dst SELECT * FROM src LIMIT ? OFFSET ?", page, off)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

// Settings of the loader, with a default commit size.
type Settings struct{ commitRows int }

// CommitRows is the configured size, or the default.
func (s Settings) CommitRows() int {
	if s.commitRows == 0 {
		return 122_880 * 2
	}
	return s.commitRows
}

// An aligned default: nothing to say.
func loadRows(db *sql.DB, s Settings, rows [][]any) error {
	tx, _ := db.Begin()
	every := s.CommitRows()
	for i, row := range rows {
		tx.Exec("INSERT INTO events VALUES (?, ?)", row...)
		if (i+1)%every == 0 {
			tx.Commit()
			tx, _ = db.Begin()
		}
	}
	return tx.Commit()
}

// A size computed from the input: nothing is written in the source.
func loadComputed(db *sql.DB, rows [][]any) error {
	tx, _ := db.Begin()
	every := len(rows)/8 + 1
	for i, row := range rows {
		tx.Exec("INSERT INTO events VALUES (?, ?)", row...)
		if (i+1)%every == 0 {
			tx.Commit()
			tx, _ = db.Begin()
		}
	}
	return tx.Commit()
}
