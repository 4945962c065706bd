package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
)

// wideScanRounds is how many times wide times each scan of a loaded
// table, keeping the fastest: the machine is shared, and the fastest run
// is the one least disturbed by others.
const wideScanRounds = 3

// wideAggregate is the aggregate wide times over a loaded table: one
// column of each type of the demo table, so every column kind is read.
const wideAggregate = `SELECT count(*), sum(b1), sum(n1), avg(d1), max(s3), min(dt1), max(ts1), sum(m1), count_if(f1) FROM t`

// valuesAggregate is values' aggregate, over its GBIF-shaped table.
const valuesAggregate = `SELECT count(*), count(DISTINCT TaxonID), max(CountryCode), min(ObservationDate) FROM t`

// wide loads the demo table's rows (1,000,000 of 29 columns, src) through
// an Appender into a new table of a new file, flushed every n rows (each
// of sizes) with no transaction open, so that each flush is a commit, or
// with n = 0 inside one BEGIN ... COMMIT; then CHECKPOINTs. For each it
// prints the load's and the CHECKPOINT's seconds, the row groups before
// and after, the file's bytes, and what reading the result costs on a
// freshly opened database: a SELECT of every column scanned into Go
// values, and an aggregate over one column of each type (the fastest of
// wideScanRounds). Whether commits under a row group leave partial
// groups in a table of the seed's width, and what such groups cost a
// reader.
func wide(ctx context.Context, src, tmp string, sizes []int64) {
	for _, n := range sizes {
		path := filepath.Join(tmp, fmt.Sprintf("wide-%d.duckdb", n))
		db := open(path)
		exec(db, fmt.Sprintf(`ATTACH '%s' AS src (READ_ONLY)`, src))
		exec(db, `CREATE TABLE t AS SELECT * FROM src.demo LIMIT 0`)
		rows, err := db.QueryContext(ctx, `SELECT * FROM src.demo`)
		check(err)
		cols, err := rows.Columns()
		check(err)
		conn, err := db.Conn(ctx)
		check(err)
		t0 := time.Now()
		if n == 0 {
			_, err := conn.ExecContext(ctx, `BEGIN`)
			check(err)
		}
		var appended int64
		check(conn.Raw(func(dc any) error {
			app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "t")
			if err != nil {
				return err
			}
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			row := make([]driver.Value, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			for rows.Next() {
				if err := rows.Scan(ptrs...); err != nil {
					return err
				}
				for i, v := range vals {
					row[i] = v
				}
				if err := app.AppendRow(row...); err != nil {
					return err
				}
				appended++
				if n > 0 && appended%n == 0 {
					if err := app.Flush(); err != nil {
						return err
					}
				}
			}
			if err := rows.Err(); err != nil {
				return err
			}
			return app.Close()
		}))
		check(rows.Close())
		if n == 0 {
			_, err := conn.ExecContext(ctx, `COMMIT`)
			check(err)
		}
		check(conn.Close())
		load := time.Since(t0)
		exec(db, `DETACH src`)
		before := groups(db, "t")
		t1 := time.Now()
		exec(db, `CHECKPOINT`)
		cp := time.Since(t1)
		after := groups(db, "t")
		check(db.Close())
		fi, err := os.Stat(path)
		check(err)
		sc := wideScans(ctx, path, wideAggregate)
		what := "one BEGIN ... COMMIT"
		if n > 0 {
			what = "Flush every " + bench.Thousands(n) + ", no transaction"
		}
		fmt.Fprintf(out, "Appender, %s rows x %d columns, %s: load %.2f s, CHECKPOINT %.2f s, file %.1f MB; %s\n",
			bench.Thousands(appended), len(cols), what, load.Seconds(), cp.Seconds(), float64(fi.Size())/1e6, sc)
		fmt.Fprintln(out, "  row groups before CHECKPOINT:", before)
		fmt.Fprintln(out, "  row groups after CHECKPOINT: ", after)
		os.Remove(path)
		os.Remove(path + ".wal")
	}
}

// scans is what reading a loaded table cost: the fastest of
// wideScanRounds rounds, wall and CPU seconds, of each scan.
type scans struct {
	full, fullCPU, agg, aggCPU float64
}

func (s scans) String() string {
	return fmt.Sprintf("full scan %.2f s (%.2f s CPU), aggregate %.3f s (%.3f s CPU)", s.full, s.fullCPU, s.agg, s.aggCPU)
}

// wideScans times, on a freshly opened read-only database each round, a
// SELECT of every column of t scanned into Go values and aggregate,
// in wall and CPU seconds (the process's: DuckDB's threads are in it),
// and returns the fastest of wideScanRounds of each: on a shared machine
// the CPU seconds move less than the wall.
func wideScans(ctx context.Context, path, aggregate string) scans {
	s := scans{full: math.Inf(1), fullCPU: math.Inf(1), agg: math.Inf(1), aggCPU: math.Inf(1)}
	for range wideScanRounds {
		db := open(path + "?access_mode=read_only")
		t0, c0 := time.Now(), cpu()
		scanAll(ctx, db, `SELECT * FROM t`)
		s.full, s.fullCPU = min(s.full, time.Since(t0).Seconds()), min(s.fullCPU, cpu()-c0)
		t1, c1 := time.Now(), cpu()
		scanAll(ctx, db, aggregate)
		s.agg, s.aggCPU = min(s.agg, time.Since(t1).Seconds()), min(s.aggCPU, cpu()-c1)
		check(db.Close())
	}
	return s
}

// gbifRows is how many rows values loads: the seed's million.
const gbifRows = 1_000_000

// values loads gbifRows rows shaped as HannesOberreiter/gbif-extinct's
// observations table (BIGINT primary key, BIGINT, three VARCHARs, a
// default TIMESTAMP; migrations/002-observations.sql) the way its
// import script does (scripts/import/import.go): one multi-row INSERT OR
// REPLACE ... VALUES every n rows (each of sizes), in autocommit, or with
// n = 0 every 100,000 rows inside one BEGIN ... COMMIT; then CHECKPOINTs,
// and prints what wide prints.
func values(ctx context.Context, tmp string, sizes []int64) {
	for _, n := range sizes {
		path := filepath.Join(tmp, fmt.Sprintf("values-%d.duckdb", n))
		db := open(path)
		db.SetMaxOpenConns(1)
		exec(db, `CREATE TABLE t (ObservationID BIGINT PRIMARY KEY, TaxonID BIGINT NOT NULL, CountryCode VARCHAR NOT NULL,
			ObservationDate DATE NOT NULL, ObservationDateOriginal VARCHAR NOT NULL, CreatedAt TIMESTAMP DEFAULT CURRENT_TIMESTAMP)`)
		batch := n
		t0 := time.Now()
		if n == 0 {
			batch = 100_000
			exec(db, `BEGIN`)
		}
		var b strings.Builder
		for lo := int64(0); lo < gbifRows; lo += batch {
			b.Reset()
			b.WriteString(`INSERT OR REPLACE INTO t (ObservationID, TaxonID, CountryCode, ObservationDateOriginal, ObservationDate) VALUES `)
			for i := lo; i < min(lo+batch, gbifRows); i++ {
				if i > lo {
					b.WriteString(",")
				}
				// Ids spread as GBIF's are, a taxon per 40 rows, dates over 20 years.
				day := time.Date(2004, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(i*7919%7300))
				fmt.Fprintf(&b, "('%d', '%d', '%s', '%s', '%s')", 1_000_000_000+i*13, 2_000_000+i/40,
					[]string{"AT", "DE", "US", "BR", "AU", "FR", "ZA"}[i%7], day.Format("2006-01-02T15:04"), day.Format(time.DateOnly))
			}
			exec(db, b.String())
		}
		if n == 0 {
			exec(db, `COMMIT`)
		}
		load := time.Since(t0)
		before := groups(db, "t")
		t1 := time.Now()
		exec(db, `CHECKPOINT`)
		cp := time.Since(t1)
		after := groups(db, "t")
		check(db.Close())
		fi, err := os.Stat(path)
		check(err)
		what := "every 100,000 rows in one BEGIN ... COMMIT"
		if n > 0 {
			what = "every " + bench.Thousands(n) + " rows, autocommit"
		}
		fmt.Fprintf(out, "INSERT OR REPLACE ... VALUES, %s rows x 6 columns (primary key), %s: load %.2f s, CHECKPOINT %.2f s, file %.1f MB; %s\n",
			bench.Thousands(gbifRows), what, load.Seconds(), cp.Seconds(), float64(fi.Size())/1e6, wideScans(ctx, path, valuesAggregate))
		fmt.Fprintln(out, "  row groups before CHECKPOINT:", before)
		fmt.Fprintln(out, "  row groups after CHECKPOINT: ", after)
		os.Remove(path)
		os.Remove(path + ".wal")
	}
}

// scanAll runs q and scans every row it returns into Go values (a full
// scan, or an aggregate's one row).
func scanAll(ctx context.Context, db *sql.DB, q string) {
	rows, err := db.QueryContext(ctx, q)
	check(err)
	defer rows.Close()
	cols, err := rows.Columns()
	check(err)
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		check(rows.Scan(ptrs...))
	}
	check(rows.Err())
}
