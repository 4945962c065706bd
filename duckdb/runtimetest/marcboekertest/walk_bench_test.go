package marcboekertest

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/rowalign/rowalign/duckdb/runtimetest/internal/rowset"
	"github.com/rowalign/rowalign/runtime/pager"
)

// benchRows is the size of the table the walk benchmarks read: the
// 1,000,000 rows of the demo table behind docs/measurements.md.
const benchRows = 1_000_000

// BenchmarkWalk walks a 1,000,000-row file table in 10,000-row pages on
// DuckDB 1.1.3, with LIMIT/OFFSET and with rowid ranges, and with the
// pager's one-row-group pages: the old plan behind docs/measurements.md's
// "19.1 s" row scans and discards the offset on every page, and DuckDB
// 1.1.3 does not prune row groups by a rowid range either, so every page
// of either walk reads the whole table (docs/pager.md). Run it with
//
//	cd duckdb/runtimetest/marcboekertest && go test -run '^$' -bench Walk -benchtime 1x
func BenchmarkWalk(b *testing.B) {
	db, err := sql.Open("duckdb", filepath.Join(b.TempDir(), "walk.duckdb"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	// Eight columns of the demo table's kinds, computed from the row number.
	if _, err := db.Exec(fmt.Sprintf(`CREATE TABLE t AS SELECT range AS id, range * 7919 %% 1000003 AS b,
		(range %% 1000)::INTEGER AS n, range / 7.0 AS d, 'user-' || (range %% 50000) AS s, md5(range::VARCHAR) AS h,
		DATE '2020-01-01' + (range %% 2000)::INTEGER AS dt, range %% 3 = 0 AS f FROM range(%d)`, benchRows)); err != nil {
		b.Fatal(err)
	}
	if _, err := db.Exec(`CHECKPOINT`); err != nil {
		b.Fatal(err)
	}
	const page = 10_000
	walks := map[string]func(lo int) string{
		"offset": func(lo int) string { return fmt.Sprintf(`SELECT * FROM t LIMIT %d OFFSET %d`, page, lo) },
		"rowid": func(lo int) string {
			return fmt.Sprintf(`SELECT * FROM t WHERE rowid >= %d AND rowid < %d`, lo, lo+page)
		},
	}
	b.Run("pager", func(b *testing.B) {
		// The pager's one-row-group pages: 9 rowid ranges instead of 100.
		for b.Loop() {
			total := 0
			for p, err := range pager.Pages(b.Context(), db, "t", pager.RowGroups(1)) {
				if err != nil {
					b.Fatal(err)
				}
				for p.Rows.Next() {
					total++
				}
			}
			if total != benchRows {
				b.Fatalf("pager read %d rows, want %d", total, benchRows)
			}
		}
	})
	for _, name := range []string{"offset", "rowid"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				total := 0
				for lo := 0; lo < benchRows; lo += page {
					n, err := scanAll(db, walks[name](lo))
					if err != nil {
						b.Fatal(err)
					}
					total += n
				}
				if total != benchRows {
					b.Fatalf("%s walk read %d rows, want %d", name, total, benchRows)
				}
			}
		})
	}
}

// scanAll runs q and scans every row into Go values.
func scanAll(db *sql.DB, q string) (int, error) {
	rows, err := db.Query(q)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	return rowset.Scan(rows)
}
