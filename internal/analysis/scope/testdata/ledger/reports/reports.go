// Package reports builds the ledger's reports. The accounts live in
// PostgreSQL (Accounts opens it), the ledger's history in DuckDB; the
// report functions take whichever handle the caller owns, so no handle
// parameter here has an engine this package can see, and the package
// reports none of their walks itself: its callers know.
package reports

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

// Accounts opens the accounts database.
func Accounts(dsn string) (*sql.DB, error) {
	return sql.Open("postgres", dsn)
}

// monthPage is how many entries MonthlyTotals reads per query.
const monthPage = 200_000

// MonthlyTotals sums the entries of every month, a page at a time.
func MonthlyTotals(ctx context.Context, db *sql.DB) (map[string]int64, error) {
	totals := make(map[string]int64)
	for off := 0; ; off += monthPage {
		rows, err := db.QueryContext(ctx, "SELECT month, amount FROM entries ORDER BY id LIMIT ? OFFSET ?", monthPage, off)
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var month string
			var amount int64
			if err := rows.Scan(&month, &amount); err != nil {
				rows.Close()
				return nil, err
			}
			totals[month] += amount
			n++
		}
		rows.Close()
		if n == 0 {
			return totals, rows.Err()
		}
	}
}

// Checksums hashes the ledger in rowid ranges: PostgreSQL has no rowid,
// so this walk is DuckDB's whatever handle the caller passes.
func Checksums(ctx context.Context, db *sql.DB) ([]uint64, error) {
	var sums []uint64
	for lo := 0; lo < 50_000_000; lo += 100_000 {
		var sum uint64
		err := db.QueryRowContext(ctx, "SELECT hash_agg(*) FROM entries WHERE rowid >= ? AND rowid < ?", lo, lo+100_000).Scan(&sum) // want `page size 100000 is smaller than DuckDB.s 122880-row row group: .*; use 122880`
		if err != nil {
			return nil, err
		}
		sums = append(sums, sum)
	}
	return sums, nil
}

// Export writes every row of table to out, pageRows rows per query.
func Export(ctx context.Context, db *sql.DB, table string, pageRows int, out func([]any) error) error {
	q := fmt.Sprintf("SELECT * FROM %s LIMIT ? OFFSET ?", table)
	for off := 0; ; off += pageRows {
		rows, err := db.QueryContext(ctx, q, pageRows, off)
		if err != nil {
			return err
		}
		cols, _ := rows.Columns()
		n := 0
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return err
			}
			if err := out(vals); err != nil {
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}
