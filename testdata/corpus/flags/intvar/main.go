// Command intvar copies a staging table into the main table in batches,
// one transaction per batch; the batch size is a flag bound to the
// options struct.
package main

import (
	"context"
	"database/sql"
	"flag"
	"log"

	_ "github.com/duckdb/duckdb-go/v2"
)

type options struct {
	db    string
	batch int
}

func main() {
	var opt options
	flag.StringVar(&opt.db, "db", "warehouse.duckdb", "DuckDB file")
	flag.IntVar(&opt.batch, "batch", 200_000, "rows per transaction") // expect: commitsize
	flag.Parse()
	if err := run(context.Background(), opt); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, opt options) error {
	db, err := sql.Open("duckdb", opt.db)
	if err != nil {
		return err
	}
	defer db.Close()
	for off := 0; ; off += opt.batch {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, "INSERT INTO events SELECT * FROM staging_events LIMIT ? OFFSET ?", opt.batch, off) // expect: offsetwalk
		if err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		log.Printf("copied %d rows at %d", n, off)
		if n < int64(opt.batch) {
			return nil
		}
	}
}
