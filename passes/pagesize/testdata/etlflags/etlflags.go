// Package etlflags is a CLI export job whose page sizes are flags: the
// default of each flag is the size the job runs with unless the user
// passes one, so a misaligned default is reported where it is written.
package etlflags

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"log"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"
)

var (
	dsn   = flag.String("db", "warehouse.duckdb", "DuckDB database file")
	table = flag.String("table", "events", "table to export")
	page  = flag.Int("page", 100000, "rows per page") // want `page size 100000 is smaller than`
)

func main() {
	flag.Parse()
	db, err := sql.Open("duckdb", *dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	if err := export(context.Background(), db); err != nil {
		log.Fatal(err)
	}
}

func export(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += *page {
		rows, err := db.QueryContext(ctx, fmt.Sprintf("SELECT * FROM %s LIMIT ? OFFSET ?", *table), *page, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n < *page {
			return nil
		}
	}
}

// A flag bound to a variable with IntVar.
var batchRows int

func init() {
	flag.IntVar(&batchRows, "batch", 200_000, "rows per batch") // want `page size 200000 splits`
}

func exportBatches(db *sql.DB) {
	for lo := 0; ; lo += batchRows {
		rows, err := db.Query("SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+batchRows)
		if err != nil {
			return
		}
		rows.Close()
	}
}

// A subcommand with its own FlagSet.
func backfill(db *sql.DB, args []string) error {
	fs := flag.NewFlagSet("backfill", flag.ExitOnError)
	pageRows := fs.Int64("page-rows", 150_000, "rows per page") // want `page size 150000 splits`
	if err := fs.Parse(args); err != nil {
		return err
	}
	for off := int64(0); ; off += *pageRows {
		if _, err := db.Query("SELECT * FROM events ORDER BY rowid LIMIT ? OFFSET ?", *pageRows, off); err != nil {
			return err
		}
	}
}

// An aligned default: nothing to say.
func aligned(db *sql.DB) {
	n := flag.Int("aligned-page", 245_760, "rows per page")
	flag.Parse()
	for off := 0; ; off += *n {
		db.Query("SELECT * FROM events LIMIT ? OFFSET ?", *n, off)
	}
}

// A size computed at run time only: nothing is written in the source.
func computed(db *sql.DB) {
	n := len(os.Args) * 1000
	for off := 0; ; off += n {
		db.Query("SELECT * FROM events LIMIT ? OFFSET ?", n, off)
	}
}
