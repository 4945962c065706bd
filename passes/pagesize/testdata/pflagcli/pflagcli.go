// Package pflagcli is a cobra-style exporter whose sizes are
// github.com/spf13/pflag flags.
package pflagcli

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/spf13/pflag"
)

type options struct {
	pageSize  int
	chunkRows int
}

func run(db *sql.DB, args []string) error {
	var opts options
	fs := pflag.NewFlagSet("export", pflag.ExitOnError)
	fs.IntVarP(&opts.pageSize, "page-size", "p", 250_000, "rows per page") // want `page size 250000 splits`
	fs.IntVar(&opts.chunkRows, "chunk", 245_760, "rows per chunk")
	if err := fs.Parse(args); err != nil {
		return err
	}
	for off := 0; ; off += opts.pageSize {
		if _, err := db.Query("SELECT * FROM sales LIMIT ? OFFSET ?", opts.pageSize, off); err != nil {
			return err
		}
	}
}

var limit = pflag.IntP("limit", "l", 300_000, "rows per page") // want `page size 300000 splits`

func walk(db *sql.DB) {
	pflag.Parse()
	for lo := 0; ; lo += *limit {
		db.Query("SELECT * FROM sales WHERE rowid >= ? AND rowid < ?", lo, lo+*limit)
	}
}
