// Command measure reproduces the figures of docs/measurements.md that
// rowalign-sweep does not print: the storage layout DuckDB leaves (row
// groups, file size), the bytes a page walk reads, the Appender's own
// flushes and what ATTACH ... (ROW_GROUP_SIZE n) accepts. Each
// subcommand prints the DuckDB version, the machine's load average and
// the date beside its figures, so a figure can be quoted with them.
//
//	go run ./duckdb/internal/cmd/measure layout   [-db demo.duckdb]     row groups of the demo table
//	go run ./duckdb/internal/cmd/measure commit   [-db demo.duckdb] N   commit every N rows into a new file
//	go run ./duckdb/internal/cmd/measure read     [-db demo.duckdb] N   bytes read by a rowid-range walk of N-row pages
//	go run ./duckdb/internal/cmd/measure appender                       Appender flushes and the groups they leave
//	go run ./duckdb/internal/cmd/measure attach                         ATTACH ... (ROW_GROUP_SIZE n): accepted sizes, groups
//	go run ./duckdb/internal/cmd/measure attachold write|attach|open DIR  ROW_GROUP_SIZE 204800 on existing files of older formats
//	go run ./duckdb/internal/cmd/measure rowbyrow [-repeat R] [-ways 0,2,5] N   N rows written one statement per row, and the alternatives
//	go run ./duckdb/internal/cmd/measure temp                           Appender into a TEMP staging table, copied and dropped
//	go run ./duckdb/internal/cmd/measure batch N                        300,000 rows by prepared INSERT, a commit every N rows
//	go run ./duckdb/internal/cmd/measure wide [-db demo.duckdb] [-sizes 50000,100000,122880,0]
//	                                                        the demo table through an Appender flushed every N rows, no BEGIN; scans after
//	go run ./duckdb/internal/cmd/measure values [-sizes ...]            1,000,000 GBIF-shaped rows, one multi-row INSERT OR REPLACE every N rows
//	go run ./duckdb/internal/cmd/measure fineweb N                      250,000 FineWeb-shaped documents (KB of text), prepared INSERT per row, a commit every N rows
//
// Without -db, layout, commit and read generate the 1,000,000-row,
// 29-column demo table of rowalign-sweep (duckdb/internal/bench) in a temporary
// file first (about 20 s). It links DuckDB (cgo); the analyser does not.
package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/duckdb/duckdb-go/v2"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
)

// out is where figures go: stdout, or a test's buffer.
var out io.Writer = os.Stdout

func main() {
	fs := flag.NewFlagSet("measure", flag.ExitOnError)
	dbPath := fs.String("db", "", "the demo table's DuckDB file (rowalign-sweep -generate FILE); generated when empty")
	oneTx := fs.Bool("onetx", false, "commit: run every page's INSERT in one transaction, committed once")
	repeat := fs.Int("repeat", 1, "rowbyrow: rounds, the order of the ways rotated each round")
	ways := fs.String("ways", "", "rowbyrow: the ways to time, by index (0,2,5); empty for all")
	wideSizes := fs.String("sizes", "50000,100000,122880,0", "wide, values: commit sizes in rows (Appender flushes, INSERT ... VALUES batches); 0 for one BEGIN ... COMMIT")
	usage := func() {
		fmt.Fprintln(fs.Output(), "usage: measure layout|commit N|read N|appender|flush|attach|attachold STEP DIR|rowbyrow N|temp|batch N|small N|wide|values|fineweb N [flags]")
		fs.PrintDefaults()
		fmt.Fprintln(fs.Output(), "rowbyrow ways (-ways):")
		for i, w := range rowWays {
			fmt.Fprintf(fs.Output(), "  %d  %s\n", i, w.name)
		}
	}
	fs.Usage = usage
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	cmd := os.Args[1]
	switch cmd {
	case "-h", "-help", "--help", "help":
		fs.SetOutput(os.Stdout)
		usage()
		return
	}
	fs.Parse(os.Args[2:])
	ctx := context.Background()
	tmp, err := os.MkdirTemp("", "rowalign-measure")
	check(err)
	defer os.RemoveAll(tmp)
	demo := func() string {
		if *dbPath != "" {
			return *dbPath
		}
		p := filepath.Join(tmp, "demo.duckdb")
		check(bench.Generate(ctx, p, bench.DemoRows))
		return p
	}
	size := func() int64 {
		n, err := strconv.ParseInt(fs.Arg(0), 10, 64)
		if err != nil || n <= 0 {
			fmt.Fprintf(os.Stderr, "measure %s: want a positive row count, got %q\n", cmd, fs.Arg(0))
			os.Exit(2)
		}
		return n
	}
	header()
	switch cmd {
	case "layout":
		db := open(demo() + "?access_mode=read_only")
		fmt.Fprintln(out, "demo table:", groups(db, "demo"))
	case "commit":
		commit(ctx, demo(), filepath.Join(tmp, "dst.duckdb"), size(), *oneTx)
	case "read":
		read(ctx, demo(), size())
	case "appender":
		appender(ctx, tmp)
	case "flush":
		flush(ctx, tmp, flushRows, flushSizes)
	case "attach":
		attach(tmp)
	case "attachold":
		if fs.NArg() != 2 {
			fmt.Fprintln(os.Stderr, "usage: measure attachold write|attach|open DIR")
			os.Exit(2)
		}
		attachOld(fs.Arg(0), fs.Arg(1), bench.DemoRows)
	case "rowbyrow":
		rowByRow(ctx, tmp, size(), *repeat, wayList(*ways))
	case "temp":
		temp(ctx, tmp, flushRows)
	case "batch":
		batch(ctx, tmp, size())
	case "small":
		small(ctx, tmp, size())
	case "wide":
		wide(ctx, demo(), tmp, sizeList(*wideSizes))
	case "values":
		values(ctx, tmp, sizeList(*wideSizes))
	case "fineweb":
		fineweb(ctx, tmp, finewebRows, size())
	default:
		fmt.Fprintf(os.Stderr, "measure: unknown subcommand %q\n", cmd)
		os.Exit(2)
	}
}

// sizeList parses a comma-separated list of row counts (0 allowed).
func sizeList(s string) []int64 {
	var ns []int64
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil || n < 0 {
			fmt.Fprintf(os.Stderr, "measure: want row counts separated by commas, got %q\n", s)
			os.Exit(2)
		}
		ns = append(ns, n)
	}
	return ns
}

// header prints what a figure must be quoted with.
func header() {
	db := open("")
	var v string
	check(db.QueryRow(`SELECT version()`).Scan(&v))
	db.Close()
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(out, "%s, DuckDB %s, load average %s\n", time.Now().UTC().Format(time.RFC3339), v, strings.Join(strings.Fields(string(load))[:3], " "))
}

// commit copies the demo table into a new file with INSERT ... SELECT over
// rowid ranges of n rows, each its own commit, then CHECKPOINTs: the
// "write" strategy of rowalign-sweep, plus the layout and file size it
// leaves.
func commit(ctx context.Context, src, dst string, n int64, oneTx bool) {
	db := open(dst)
	defer db.Close()
	db.SetMaxOpenConns(1)
	exec(db, fmt.Sprintf(`ATTACH '%s' AS src (READ_ONLY)`, src))
	exec(db, `CREATE TABLE dst AS SELECT * FROM src.demo LIMIT 0`)
	var total int64
	check(db.QueryRow(`SELECT count(*) FROM src.demo`).Scan(&total))
	t0, cpu0 := time.Now(), cpu()
	if oneTx {
		exec(db, `BEGIN`)
	}
	for lo := int64(0); lo < total; lo += n {
		exec(db, fmt.Sprintf(`INSERT INTO dst SELECT * FROM src.demo WHERE rowid >= %d AND rowid < %d`, lo, lo+n))
	}
	if oneTx {
		exec(db, `COMMIT`)
		fmt.Fprintln(out, "one transaction, committed once:")
	}
	before := groups(db, "dst")
	c0 := time.Now()
	exec(db, `CHECKPOINT`)
	done := time.Now()
	fi, err := os.Stat(dst)
	check(err)
	fmt.Fprintf(out, "commit every %s rows: %.2f s wall (walk and CHECKPOINT), %.2f s CPU, CHECKPOINT %.2f s, file %.1f MB\n",
		bench.Thousands(n), done.Sub(t0).Seconds(), cpu()-cpu0, done.Sub(c0).Seconds(), float64(fi.Size())/1e6)
	fmt.Fprintln(out, "  row groups before CHECKPOINT:", before)
	fmt.Fprintln(out, "  row groups after CHECKPOINT: ", groups(db, "dst"))
}

// read walks the demo table in rowid ranges of n rows, in one transaction,
// scanning every column into Go values, on a freshly opened database (an
// empty buffer pool), and reports the bytes the process read from files
// (rchar of /proc/self/io: what DuckDB asked the kernel for, whether or not
// the page cache held it), for the first page alone and for the whole walk.
func read(ctx context.Context, src string, n int64) {
	walk := func(pages int64) (int64, float64) {
		db := open(src + "?access_mode=read_only")
		defer db.Close()
		db.SetMaxOpenConns(1)
		var total int64
		check(db.QueryRow(`SELECT count(*) FROM demo`).Scan(&total))
		tx, err := db.BeginTx(ctx, nil)
		check(err)
		defer tx.Rollback()
		r0, t0 := rchar(), time.Now()
		for lo, p := int64(0), int64(0); lo < total && (pages == 0 || p < pages); lo, p = lo+n, p+1 {
			rows, err := tx.Query(fmt.Sprintf(`SELECT * FROM demo WHERE rowid >= %d AND rowid < %d`, lo, lo+n))
			check(err)
			cols, _ := rows.Columns()
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
		return rchar() - r0, time.Since(t0).Seconds()
	}
	first, _ := walk(1)
	all, secs := walk(0)
	fmt.Fprintf(out, "rowid pages of %s rows: first page read %.1f MB; whole walk read %.1f MB in %.2f s\n",
		bench.Thousands(n), float64(first)/1e6, float64(all)/1e6, secs)
}

// rchar is this process's bytes read through read(2) and pread(2).
func rchar() int64 {
	b, err := os.ReadFile("/proc/self/io")
	check(err)
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "rchar: "); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			check(err)
			return n
		}
	}
	check(errors.New("no rchar in /proc/self/io"))
	return 0
}

// appender loads 1,000,000 rows through duckdb-go's Appender, once with
// no transaction open and once inside BEGIN ... COMMIT, and shows when the
// rows become visible to another connection (each auto-flush outside a
// transaction is a commit) and the row groups each load leaves.
func appender(ctx context.Context, tmp string) {
	for _, inTx := range []bool{false, true} {
		path := filepath.Join(tmp, fmt.Sprintf("appender-%v.duckdb", inTx))
		db := open(path)
		exec(db, `CREATE TABLE t (id BIGINT, n INTEGER, s VARCHAR, d DOUBLE)`)
		conn, err := db.Conn(ctx)
		check(err)
		if inTx {
			_, err := conn.ExecContext(ctx, `BEGIN`)
			check(err)
		}
		var seen []string
		check(conn.Raw(func(dc any) error {
			app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "t")
			if err != nil {
				return err
			}
			for i := int64(1); i <= 1_000_000; i++ {
				if err := app.AppendRow(i, int32(i%1000), "row", float64(i)/7); err != nil {
					return err
				}
				switch i {
				case 202_752, 204_800, 204_801, 409_600, 409_601:
					// Another connection sees committed rows only.
					var n int64
					if err := db.QueryRowContext(ctx, `SELECT count(*) FROM t`).Scan(&n); err != nil {
						return err
					}
					seen = append(seen, fmt.Sprintf("%s appended: %s visible", bench.Thousands(i), bench.Thousands(n)))
				}
			}
			return app.Close()
		}))
		if inTx {
			_, err := conn.ExecContext(ctx, `COMMIT`)
			check(err)
		}
		conn.Close()
		fmt.Fprintf(out, "Appender, 1,000,000 rows, transaction open: %v\n  %s\n", inTx, strings.Join(seen, "; "))
		fmt.Fprintln(out, "  row groups:", groups(db, "t"))
		exec(db, `CHECKPOINT`)
		fmt.Fprintln(out, "  after CHECKPOINT:", groups(db, "t"))
		db.Close()
	}
}

// flushSizes are the Appender flush intervals flush times: below, at and
// above the row group, misaligned and aligned, and 0 for no explicit Flush
// (the Appender then flushes by itself every 204,800 rows).
var flushSizes = []int64{50_000, 122_880, 200_000, 245_760, 250_000, 0}

// flushRows is how many rows flush appends: the 1,000,000 of the figures.
const flushRows = 1_000_000

// flush appends rows rows with an explicit Flush every n rows (each of
// sizes), inside one transaction and with none open (each flush then
// commits), and times the load and the final CHECKPOINT, each in a fresh
// file.
func flush(ctx context.Context, tmp string, rows int64, sizes []int64) {
	for _, inTx := range []bool{true, false} {
		for _, n := range sizes {
			path := filepath.Join(tmp, fmt.Sprintf("flush-%v-%d.duckdb", inTx, n))
			db := open(path)
			exec(db, `CREATE TABLE t (id BIGINT, n INTEGER, s VARCHAR, d DOUBLE)`)
			conn, err := db.Conn(ctx)
			check(err)
			t0 := time.Now()
			if inTx {
				_, err := conn.ExecContext(ctx, `BEGIN`)
				check(err)
			}
			check(conn.Raw(func(dc any) error {
				app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "t")
				if err != nil {
					return err
				}
				for i := int64(1); i <= rows; i++ {
					if err := app.AppendRow(i, int32(i%1000), "row", float64(i)/7); err != nil {
						return err
					}
					if n > 0 && i%n == 0 {
						if err := app.Flush(); err != nil {
							return err
						}
					}
				}
				return app.Close()
			}))
			if inTx {
				_, err := conn.ExecContext(ctx, `COMMIT`)
				check(err)
			}
			conn.Close()
			load := time.Since(t0)
			t1 := time.Now()
			exec(db, `CHECKPOINT`)
			cp := time.Since(t1)
			what := "no explicit Flush"
			if n > 0 {
				what = "Flush every " + bench.Thousands(n)
			}
			fmt.Fprintf(out, "Appender, %s rows, transaction open: %-5v %-24s load %.2f s, CHECKPOINT %.2f s, %s\n",
				bench.Thousands(rows), inTx, what, load.Seconds(), cp.Seconds(), groups(db, "t"))
			db.Close()
			os.Remove(path)
			os.Remove(path + ".wal")
		}
	}
}

// tempCopies are the statements temp copies a staging table with: a plain
// INSERT ... SELECT, one that sorts, an upsert into a table with a
// primary key (ON CONFLICT needs one), and an insert of the rows the
// destination lacks (LEFT JOIN ... WHERE IS NULL).
var tempCopies = []struct{ name, create, copy string }{
	{"INSERT ... SELECT *", `CREATE TABLE t (id BIGINT, n INTEGER, s VARCHAR, d DOUBLE)`, `INSERT INTO t SELECT * FROM staging`},
	{"INSERT ... SELECT * ORDER BY id", `CREATE TABLE t (id BIGINT, n INTEGER, s VARCHAR, d DOUBLE)`, `INSERT INTO t SELECT * FROM staging ORDER BY id`},
	{"INSERT ... ON CONFLICT DO NOTHING", `CREATE TABLE t (id BIGINT PRIMARY KEY, n INTEGER, s VARCHAR, d DOUBLE)`, `INSERT INTO t SELECT * FROM staging ON CONFLICT DO NOTHING`},
	{"INSERT ... SELECT anti-join", `CREATE TABLE t (id BIGINT, n INTEGER, s VARCHAR, d DOUBLE)`, `INSERT INTO t SELECT s.* FROM staging s LEFT JOIN t ON s.id = t.id WHERE t.id IS NULL`},
}

// temp appends rows rows into a TEMP staging table, with no transaction
// open (each automatic flush a commit, leaving partial row groups in the
// staging table) and inside BEGIN ... COMMIT, copies them into a table of
// the file with each of tempCopies, drops the staging table and
// CHECKPOINTs; and, for comparison, appends into the file's table
// directly with no transaction open. It prints the staging table's
// groups, the destination's after the CHECKPOINT, the file size and the
// times: whether the staging table's partial groups cost anything once it
// is copied and dropped.
func temp(ctx context.Context, tmp string, rows int64) {
	load := func(db *sql.DB, table string, inTx bool) time.Duration {
		conn, err := db.Conn(ctx)
		check(err)
		defer conn.Close()
		t0 := time.Now()
		if inTx {
			_, err := conn.ExecContext(ctx, `BEGIN`)
			check(err)
		}
		check(conn.Raw(func(dc any) error {
			app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", table)
			if err != nil {
				return err
			}
			for i := int64(1); i <= rows; i++ {
				if err := app.AppendRow(i, int32(i%1000), "row", float64(i)/7); err != nil {
					return err
				}
			}
			return app.Close()
		}))
		if inTx {
			_, err := conn.ExecContext(ctx, `COMMIT`)
			check(err)
		}
		return time.Since(t0)
	}
	report := func(db *sql.DB, path, what string, took time.Duration, staging string) {
		t0 := time.Now()
		exec(db, `CHECKPOINT`)
		cp := time.Since(t0)
		fi, err := os.Stat(path)
		check(err)
		fmt.Fprintf(out, "%s rows, %s: %.2f s, CHECKPOINT %.2f s, %sdestination %s, file %.1f MB\n",
			bench.Thousands(rows), what, took.Seconds(), cp.Seconds(), staging, groups(db, "t"), float64(fi.Size())/1e6)
	}
	for i, c := range tempCopies {
		for _, inTx := range []bool{false, true} {
			path := filepath.Join(tmp, fmt.Sprintf("temp-%d-%v.duckdb", i, inTx))
			db := open(path)
			db.SetMaxOpenConns(1)
			exec(db, c.create)
			exec(db, `CREATE TEMP TABLE staging (id BIGINT, n INTEGER, s VARCHAR, d DOUBLE)`)
			took := load(db, "staging", inTx)
			staging := "staging " + groups(db, "staging") + "; "
			t0 := time.Now()
			exec(db, c.copy)
			exec(db, `DROP TABLE staging`)
			took += time.Since(t0)
			what := "TEMP staging, no transaction, " + c.name
			if inTx {
				what = "TEMP staging in BEGIN ... COMMIT, " + c.name
			}
			report(db, path, what+", load+copy+drop", took, staging)
			db.Close()
		}
	}
	path := filepath.Join(tmp, "temp-direct.duckdb")
	db := open(path)
	defer db.Close()
	db.SetMaxOpenConns(1)
	exec(db, tempCopies[0].create)
	report(db, path, "file table directly, no transaction, load", load(db, "t", false), "")
}

// attach tries ATTACH ... (ROW_GROUP_SIZE n) with and without
// STORAGE_VERSION, and loads 1,000,000 rows into a table created through
// each attach that succeeds.
func attach(tmp string) {
	db := open("")
	defer db.Close()
	db.SetMaxOpenConns(1)
	for i, opt := range []string{
		"ROW_GROUP_SIZE 65536",
		"ROW_GROUP_SIZE 100000",
		"ROW_GROUP_SIZE 204800",
		"ROW_GROUP_SIZE 204800, STORAGE_VERSION 'v1.2.0'",
		"ROW_GROUP_SIZE 245760, STORAGE_VERSION 'v1.2.0'",
	} {
		name := fmt.Sprintf("a%d", i)
		_, err := db.Exec(fmt.Sprintf(`ATTACH '%s' AS %s (%s)`, filepath.Join(tmp, name+".duckdb"), name, opt))
		if err != nil {
			fmt.Fprintf(out, "ATTACH (%s): rejected: %v\n", opt, firstLine(err))
			continue
		}
		exec(db, fmt.Sprintf(`CREATE TABLE %s.t AS SELECT range AS id FROM range(1000000)`, name))
		exec(db, `CHECKPOINT `+name)
		fmt.Fprintf(out, "ATTACH (%s): 1,000,000 rows in %s\n", opt, groups(db, name+".t"))
		exec(db, `DETACH `+name)
	}
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// groups summarises a table's row groups: "9 row groups: 8 x 122,880 + 16,960".
func groups(db *sql.DB, table string) string {
	// A row group's rows: the sum of its first column's data segments (a
	// column may hold several segments per group; validity is a child).
	rows, err := db.Query(fmt.Sprintf(`SELECT row_group_id, sum("count")::BIGINT FROM pragma_storage_info('%s')
		WHERE column_id = 0 AND segment_type <> 'VALIDITY' GROUP BY row_group_id ORDER BY row_group_id`, table))
	check(err)
	defer rows.Close()
	var runs []string
	var last, run, n int64
	flush := func() {
		if run == 1 {
			runs = append(runs, bench.Thousands(last))
		} else if run > 1 {
			runs = append(runs, fmt.Sprintf("%d x %s", run, bench.Thousands(last)))
		}
	}
	for rows.Next() {
		var id, count int64
		check(rows.Scan(&id, &count))
		n++
		if count != last {
			flush()
			last, run = count, 0
		}
		run++
	}
	check(rows.Err())
	flush()
	plural := "s"
	if n == 1 {
		plural = ""
	}
	return fmt.Sprintf("%d row group%s: %s", n, plural, strings.Join(runs, " + "))
}

func open(dsn string) *sql.DB {
	db, err := sql.Open("duckdb", dsn)
	check(err)
	return db
}

func exec(db *sql.DB, q string) {
	_, err := db.Exec(q)
	check(err)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(1)
	}
}
