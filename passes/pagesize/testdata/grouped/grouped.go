// Package grouped is a dashboard back end that pages through summaries:
// pages of a GROUP BY, DISTINCT or aggregate result are groups, not a
// table's rows, and have no row groups to align to (issue 24: pages of 10
// and 2 groups were "aligned" to 122,880). A rowid range bounds the
// table's rows whatever its select list computes, and stays a finding.
package grouped

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type KindCount struct {
	Kind  string
	Count int64
}

// KindCounts returns the counts of every kind, ten kinds a page.
func KindCounts(ctx context.Context, db *sql.DB) ([]KindCount, error) {
	var out []KindCount
	for off := 0; ; off += 10 {
		rows, err := db.QueryContext(ctx, "SELECT kind, count(*) FROM events GROUP BY kind ORDER BY kind LIMIT ? OFFSET ?", 10, off)
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var k KindCount
			if err := rows.Scan(&k.Kind, &k.Count); err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, k)
			n++
		}
		rows.Close()
		if n < 10 {
			return out, nil
		}
	}
}

// Regions lists the distinct regions, two at a time for the picker.
func Regions(ctx context.Context, db *sql.DB, each func(string)) error {
	const pickerPage = 2
	for off := 0; ; off += pickerPage {
		rows, err := db.QueryContext(ctx, "SELECT DISTINCT region FROM sales ORDER BY region LIMIT ? OFFSET ?", pickerPage, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var r string
			rows.Scan(&r)
			each(r)
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}

// Daily pages through a per-day rollup computed in a subquery.
func Daily(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += 250_000 {
		rows, err := db.QueryContext(ctx, "SELECT * FROM (SELECT day, sum(amount) AS total FROM sales GROUP BY day) LIMIT ? OFFSET ?", 250_000, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}

// Checksum sums each rowid range of the table: the pages are the table's
// rows, whatever the select list computes.
func Checksum(ctx context.Context, db *sql.DB) (int64, error) {
	var total int64
	for lo := 0; ; lo += 20_000 {
		var n, s int64
		err := db.QueryRowContext(ctx, "SELECT count(*), coalesce(sum(id), 0) FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+20_000).Scan(&n, &s) // want `^page size 20000 is smaller than DuckDB's 122880-row row group`
		if err != nil || n == 0 {
			return total, err
		}
		total += s
	}
}
