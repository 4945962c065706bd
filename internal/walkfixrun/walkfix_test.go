//go:build cgo

// The program this test builds links DuckDB through cgo. With cgo off
// (CGO_ENABLED=0, or no C compiler) there is nothing to build: the file
// drops out, and the analyser module's tests pass without cgo (issue 27;
// the package belongs in a DuckDB module, PLAN-MOVES.md).

package walkfixrun

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// program runs each walk of the fixture, original then rewritten, on a
// fresh copy of one table (300,000 rows in default row groups, a nested
// column, every 7th row deleted after a checkpoint), and prints what each
// loop body saw as JSON. With -writer, a second connection deletes the
// rows with id < 100,000 as soon as the body has seen its first row: a
// snapshot walk must not notice; an OFFSET walk shifts and skips rows.
const program = `package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"

	fixed "example.com/walks/fixed"
	orig "example.com/walks/orig"
)

type result struct {
	Walk, Variant string
	Seen          []string // sorted
	Count         int
	Table         []string // the table's rows when the walk began, sorted
}

func must(err error) {
	if err != nil {
		log.SetOutput(os.Stderr)
		log.Fatal(err)
	}
}

func fresh(dir, name string) *sql.DB {
	return freshOn("duckdb", dir, name)
}

// freshOn also creates orders and users (300,000 rows each, a nested
// column, every 7th row deleted) for the keyset and ORDER BY walks.
func freshOn(drv, dir, name string, more ...string) *sql.DB {
	db, err := sql.Open(drv, dir+"/"+name+".duckdb")
	must(err)
	for _, q := range append([]string{
		"CREATE TABLE events AS SELECT range::BIGINT AS id, 'k' || (range % 5) AS kind, TIMESTAMP '2024-01-01' + to_seconds(range) AS created, [range % 3, range % 7]::INTEGER[] AS tags FROM range(300000)"},
		append(more,
			"CHECKPOINT",
			"DELETE FROM events WHERE id % 7 = 3")...) {
		_, err := db.Exec(q)
		must(err)
	}
	return db
}

func snapshot(db *sql.DB, q string) []string {
	rows, err := db.Query(q)
	must(err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		must(rows.Scan(&s))
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// writer deletes rows from another connection, once: by default the rows
// with id < 100,000.
type writer struct {
	db   *sql.DB
	on   bool
	q    string
	once sync.Once
}

func (w *writer) hit() {
	if w.on {
		w.once.Do(func() {
			q := w.q
			if q == "" {
				q = "DELETE FROM events WHERE id < 100000"
			}
			_, err := w.db.Exec(q)
			must(err)
		})
	}
}

// hook runs before every query of a "duckdb-hook" handle: the keyset and
// ORDER BY walks call nothing per row, so the writer comes in at their
// second query.
var hook = func() {}

// hookDriver is DuckDB's driver with hook before each query; one
// connector (one database) per handle, as DuckDB's own.
type hookDriver struct{ base driver.Driver }

func (d hookDriver) Open(name string) (driver.Conn, error) {
	c, err := d.OpenConnector(name)
	if err != nil {
		return nil, err
	}
	return c.Connect(context.Background())
}

func (d hookDriver) OpenConnector(name string) (driver.Connector, error) {
	c, err := d.base.(driver.DriverContext).OpenConnector(name)
	return hookConnector{c, d}, err
}

type hookConnector struct {
	driver.Connector
	d hookDriver
}

func (c hookConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	return hookConn{conn}, err
}

func (c hookConnector) Driver() driver.Driver { return c.d }

type hookConn struct{ driver.Conn }

func (c hookConn) BeginTx(ctx context.Context, o driver.TxOptions) (driver.Tx, error) {
	return c.Conn.(driver.ConnBeginTx).BeginTx(ctx, o)
}

func (c hookConn) QueryContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Rows, error) {
	hook()
	return c.Conn.(driver.QueryerContext).QueryContext(ctx, q, args)
}

func (c hookConn) ExecContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Result, error) {
	return c.Conn.(driver.ExecerContext).ExecContext(ctx, q, args)
}

func (c hookConn) PrepareContext(ctx context.Context, q string) (driver.Stmt, error) {
	return c.Conn.(driver.ConnPrepareContext).PrepareContext(ctx, q)
}

func (c hookConn) CheckNamedValue(nv *driver.NamedValue) error {
	if ch, ok := c.Conn.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(nv)
	}
	return driver.ErrSkip
}

// logLines collects what log prints, calling hit on each line.
type logLines struct {
	lines []string
	hit   func()
}

func (l *logLines) Write(p []byte) (int, error) {
	for _, s := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		l.lines = append(l.lines, s)
	}
	l.hit()
	return len(p), nil
}

func main() {
	dir := flag.String("dir", "", "")
	withWriter := flag.Bool("writer", false, "")
	flag.Parse()
	ctx := context.Background()
	log.SetFlags(0)
	base, err := sql.Open("duckdb", "")
	must(err)
	sql.Register("duckdb-hook", hookDriver{base.Driver()})
	var out []result
	type variant struct {
		name   string
		export func(context.Context, *sql.DB, func(orig.Event)) error
		count  func(context.Context, *sql.Tx, string) (int, error)
		dump   func(context.Context, *sql.Conn, int)
		copies []func(context.Context, *sql.Tx) error
		// Query and Exec without a context.
		kinds func(*sql.DB) ([]string, error)
		since func(*sql.Tx, time.Time) (int, error)
		// Loops that end their function: the end test returned.
		eachID     func(context.Context, *sql.DB, func(int64) error) error
		kindCounts func(context.Context, *sql.Conn) (map[string]int, error)
		// Keyset walks and an ORDER BY walk.
		totals       func(context.Context, *sql.DB) (map[int64]int64, error)
		active       func(context.Context, *sql.DB) ([]int64, error)
		kindsOrdered func(context.Context, *sql.DB) (map[string]int, error)
		copyLarge    func(context.Context, *sql.Tx) error
	}
	variants := []variant{
		{"orig", orig.ExportEvents, orig.CountKind, orig.Dump, []func(context.Context, *sql.Tx) error{
			func(ctx context.Context, tx *sql.Tx) error { return orig.Archive(ctx, tx, "k1") }, orig.Snapshot,
			func(_ context.Context, tx *sql.Tx) error { return orig.Mirror(tx, "k3") }}, orig.Kinds, orig.Since, orig.EachID, orig.KindCounts,
			orig.CustomerTotals, orig.ActiveIDs, orig.KindsOrdered, orig.CopyLarge},
		{"fixed", func(ctx context.Context, db *sql.DB, emit func(orig.Event)) error {
			return fixed.ExportEvents(ctx, db, func(e fixed.Event) { emit(orig.Event(e)) })
		}, fixed.CountKind, fixed.Dump, []func(context.Context, *sql.Tx) error{
			func(ctx context.Context, tx *sql.Tx) error { return fixed.Archive(ctx, tx, "k1") }, fixed.Snapshot,
			func(_ context.Context, tx *sql.Tx) error { return fixed.Mirror(tx, "k3") }}, fixed.Kinds, fixed.Since, fixed.EachID, fixed.KindCounts,
			fixed.CustomerTotals, fixed.ActiveIDs, fixed.KindsOrdered, fixed.CopyLarge},
	}
	for _, v := range variants {
		// ExportEvents on a *sql.DB.
		db := fresh(*dir, v.name+"-export")
		table := snapshot(db, "SELECT id || ' ' || kind || ' ' || strftime(created, '%Y-%m-%dT%H:%M:%S') FROM events")
		w := &writer{db: db, on: *withWriter}
		var seen []string
		must(v.export(ctx, db, func(e orig.Event) {
			seen = append(seen, fmt.Sprintf("%d %s %s", e.ID, e.Kind, e.At.UTC().Format("2006-01-02T15:04:05")))
			w.hit()
		}))
		sort.Strings(seen)
		out = append(out, result{"ExportEvents", v.name, seen, len(seen), table})
		db.Close()

		// CountKind in the caller's transaction.
		db = fresh(*dir, v.name+"-count")
		tx, err := db.Begin()
		must(err)
		n, err := v.count(ctx, tx, "k2")
		must(err)
		must(tx.Rollback())
		var want int
		must(db.QueryRow("SELECT count(*) FROM events WHERE kind = 'k2'").Scan(&want))
		out = append(out, result{Walk: "CountKind", Variant: v.name, Count: n, Table: []string{fmt.Sprint(want)}})
		db.Close()

		// Dump on a *sql.Conn, 10,000 rows a page (the fix ignores it).
		db = fresh(*dir, v.name+"-dump")
		table = snapshot(db, "SELECT id || ' ' || kind || ' [' || array_to_string(tags, ' ') || ']' FROM events")
		w = &writer{db: db, on: *withWriter}
		conn, err := db.Conn(ctx)
		must(err)
		lines := &logLines{hit: w.hit}
		log.SetOutput(lines)
		v.dump(ctx, conn, 10_000)
		log.SetOutput(io.Discard)
		conn.Close()
		sort.Strings(lines.lines)
		out = append(out, result{"Dump", v.name, lines.lines, len(lines.lines), table})
		db.Close()

		// Kinds on a *sql.DB, with Query.
		db = fresh(*dir, v.name+"-kinds")
		table = snapshot(db, "SELECT kind FROM events")
		kinds, err := v.kinds(db)
		must(err)
		sort.Strings(kinds)
		out = append(out, result{"Kinds", v.name, kinds, len(kinds), table})
		db.Close()

		// EachID on a *sql.DB and KindCounts on a *sql.Conn, whose end
		// tests returned.
		db = fresh(*dir, v.name+"-tail")
		table = snapshot(db, "SELECT id::VARCHAR FROM events")
		seen = nil
		must(v.eachID(ctx, db, func(id int64) error { seen = append(seen, fmt.Sprint(id)); return nil }))
		sort.Strings(seen)
		out = append(out, result{"EachID", v.name, seen, len(seen), table})
		table = snapshot(db, "SELECT kind || ' ' || count(*) FROM events GROUP BY kind")
		conn, err = db.Conn(ctx)
		must(err)
		counts, err := v.kindCounts(ctx, conn)
		must(err)
		conn.Close()
		seen = nil
		for k, c := range counts {
			seen = append(seen, fmt.Sprintf("%s %d", k, c))
		}
		sort.Strings(seen)
		out = append(out, result{"KindCounts", v.name, seen, len(seen), table})
		db.Close()

		// CustomerTotals and ActiveIDs (keyset walks by id) and
		// KindsOrdered (ORDER BY id LIMIT/OFFSET), each on a *sql.DB whose
		// second query lets the writer in: ahead of the keyset walks'
		// cursor (ids from 290,000: their first 245,760-row page ends near
		// id 286,720), behind the ORDER BY walk's offset.
		for _, k := range []string{"CustomerTotals", "ActiveIDs", "KindsOrdered", "CopyLarge"} {
			db = freshOn("duckdb-hook", *dir, v.name+"-"+k,
				"CREATE TABLE orders AS SELECT range::BIGINT AS id, range % 1000 AS customer, (range * 37) % 200003 AS cents, [range % 3]::INTEGER[] AS tags FROM range(300000)",
				"CREATE TABLE users AS SELECT range::BIGINT AS id, 'u' || range AS name, range % 3 = 0 AS active FROM range(300000)",
				"DELETE FROM orders WHERE id % 7 = 3",
				"DELETE FROM users WHERE id % 7 = 3")
			w = &writer{db: db, on: *withWriter, q: map[string]string{"CustomerTotals": "DELETE FROM orders WHERE id >= 290000", "ActiveIDs": "DELETE FROM users WHERE id >= 290000", "CopyLarge": "DELETE FROM orders WHERE id >= 290000"}[k]}
			var got []string
			queries := 0
			start := func(q string) {
				table = snapshot(db, q)
				hook = func() {
					if queries++; queries == 2 {
						w.hit()
					}
				}
			}
			switch k {
			case "CustomerTotals":
				start("SELECT customer || ' ' || sum(cents) FROM orders GROUP BY customer")
				m, err := v.totals(ctx, db)
				must(err)
				for c, t := range m {
					got = append(got, fmt.Sprintf("%d %d", c, t))
				}
			case "ActiveIDs":
				// The walk starts after id 0 (last's zero value): so
				// does the rewrite, with pager.Where("id > ?", last).
				start("SELECT id::VARCHAR FROM users WHERE active AND id > 0")
				ids, err := v.active(ctx, db)
				must(err)
				if !sort.SliceIsSorted(ids, func(i, j int) bool { return ids[i] < ids[j] }) {
					must(fmt.Errorf("%s ActiveIDs: not sorted", v.name))
				}
				for _, id := range ids {
					got = append(got, fmt.Sprint(id))
				}
			case "CopyLarge":
				// INSERT per row in the caller's transaction: the rows
				// large_orders holds after the commit.
				_, err := db.Exec("CREATE TABLE large_orders (id BIGINT, customer BIGINT, cents BIGINT)")
				must(err)
				start("SELECT id || ' ' || customer || ' ' || cents FROM orders WHERE cents >= 100000 AND id > 0")
				tx, err := db.Begin()
				must(err)
				must(v.copyLarge(ctx, tx))
				must(tx.Commit())
				hook = func() {}
				got = snapshot(db, "SELECT id || ' ' || customer || ' ' || cents FROM large_orders")
			case "KindsOrdered":
				start("SELECT kind || ' ' || count(*) FROM events GROUP BY kind")
				m, err := v.kindsOrdered(ctx, db)
				must(err)
				for kind, c := range m {
					got = append(got, fmt.Sprintf("%s %d", kind, c))
				}
			}
			hook = func() {}
			sort.Strings(got)
			out = append(out, result{k, v.name, got, len(got), table})
			db.Close()
		}

		// Since in the caller's transaction, with Query and a WHERE
		// argument.
		db = fresh(*dir, v.name+"-since")
		from := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(100_000 * time.Second)
		tx, err = db.Begin()
		must(err)
		n, err = v.since(tx, from)
		must(err)
		must(tx.Rollback())
		must(db.QueryRow("SELECT count(*) FROM events WHERE created >= ?", from).Scan(&want))
		out = append(out, result{Walk: "Since", Variant: v.name, Count: n, Table: []string{fmt.Sprint(want)}})
		db.Close()

		// Archive, Snapshot and Mirror (with Exec) copy in the caller's
		// transaction, which commits.
		for i, copyFn := range v.copies {
			name := []string{"Archive", "Snapshot", "Mirror"}[i]
			db = fresh(*dir, v.name+"-"+name)
			for _, q := range []string{"CREATE TABLE archive AS FROM events LIMIT 0", "CREATE TABLE events_copy (id BIGINT, kind VARCHAR, note VARCHAR DEFAULT 'n')"} {
				_, err := db.Exec(q)
				must(err)
			}
			archived := "SELECT id || ' ' || kind || ' ' || created || ' ' || tags::VARCHAR FROM archive"
			src := map[string]string{"Archive": "SELECT id || ' ' || kind || ' ' || created || ' ' || tags::VARCHAR FROM events WHERE kind = 'k1'", "Snapshot": "SELECT id || ' ' || kind || ' n' FROM events", "Mirror": "SELECT id || ' ' || kind || ' ' || created || ' ' || tags::VARCHAR FROM events WHERE kind = 'k3'"}[name]
			dst := map[string]string{"Archive": archived, "Snapshot": "SELECT id || ' ' || kind || ' ' || note FROM events_copy", "Mirror": archived}[name]
			table = snapshot(db, src)
			tx, err := db.Begin()
			must(err)
			must(copyFn(ctx, tx))
			must(tx.Commit())
			seen = snapshot(db, dst)
			out = append(out, result{name, v.name, seen, len(seen), table})
			db.Close()
		}
	}
	must(json.NewEncoder(os.Stdout).Encode(out))
}
`

type result struct {
	Walk, Variant string
	Seen          []string
	Count         int
	Table         []string
}

// TestRewriteKeepsRows builds and runs the program, once alone and once
// with the concurrent writer.
func TestRewriteKeepsRows(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a DuckDB program and walks 300,000-row tables")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	fixtures := filepath.Join(root, "passes/offsetwalk/testdata/rewrite")
	write := func(name string, data []byte) {
		t.Helper()
		p := filepath.Join(mod, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(p string) []byte {
		t.Helper()
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, f := range []string{"export.go", "copy.go", "noctx.go", "single.go", "tail.go", "keyset.go", "ordered.go"} {
		write("orig/"+f, read(filepath.Join(fixtures, f)))
		write("fixed/"+f, read(filepath.Join(fixtures, f+".golden")))
	}
	write("main.go", []byte(program))
	// The requirements of the pager's DuckDB test module (the runtime, the
	// driver at the version the pager is tested with), so that the build
	// resolves every package from the module cache as that module's does.
	base := filepath.Join(root, "runtime/pager/internal/duckdbtest")
	write("go.sum", read(filepath.Join(base, "go.sum")))
	baseMod := string(read(filepath.Join(base, "go.mod")))
	baseMod = strings.Replace(baseMod, "module github.com/rowalign/rowalign/runtime/pager/internal/duckdbtest", "module example.com/walks", 1)
	write("go.mod", []byte(baseMod+"\nreplace github.com/rowalign/rowalign/runtime => "+filepath.Join(root, "runtime")+
		"\n\nreplace github.com/rowalign/rowalign/internal/duckdb => "+filepath.Join(root, "internal/duckdb")+"\n"))
	bin := filepath.Join(mod, "walks")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = mod
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	run := func(args ...string) map[string]result {
		t.Helper()
		dir := t.TempDir()
		cmd := exec.Command(bin, append([]string{"-dir", dir}, args...)...)
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("walks %v: %v", args, err)
		}
		var rs []result
		if err := json.Unmarshal(out, &rs); err != nil {
			t.Fatal(err)
		}
		m := make(map[string]result)
		for _, r := range rs {
			m[r.Walk+"/"+r.Variant] = r
		}
		return m
	}

	t.Run("alone", func(t *testing.T) {
		m := run()
		// The keyset and ORDER BY walks: the same totals, ids and counts
		// as the table held, whatever order the rows came in.
		for _, walk := range orderWalks {
			o, f := m[walk+"/orig"], m[walk+"/fixed"]
			if len(f.Table) == 0 || !slices.Equal(o.Seen, f.Seen) || !slices.Equal(f.Seen, f.Table) {
				t.Errorf("%s: original gave %d results, rewritten %d, table %d: not the same", walk, len(o.Seen), len(f.Seen), len(f.Table))
			}
		}
		for _, walk := range []string{"ExportEvents", "Dump", "Archive", "Snapshot", "Mirror", "Kinds", "EachID", "KindCounts"} {
			o, f := m[walk+"/orig"], m[walk+"/fixed"]
			if len(o.Seen) != map[string]int{"Archive": 51_429, "Mirror": 51_428, "KindCounts": 5}[walk] && len(o.Seen) != 257_143 {
				t.Errorf("%s: the original saw %d rows; want the table's 257,143", walk, len(o.Seen))
			}
			if !slices.Equal(o.Seen, f.Seen) || !slices.Equal(f.Seen, f.Table) {
				t.Errorf("%s: original saw %d rows, rewritten %d, table %d: not the same multiset", walk, len(o.Seen), len(f.Seen), len(f.Table))
			}
		}
		for _, walk := range []string{"CountKind", "Since"} {
			o, f := m[walk+"/orig"], m[walk+"/fixed"]
			if o.Count != f.Count || itoa(f.Count) != f.Table[0] {
				t.Errorf("%s: original %d, rewritten %d, table %s", walk, o.Count, f.Count, f.Table[0])
			}
		}
	})

	t.Run("concurrent writer", func(t *testing.T) {
		m := run("-writer")
		for _, walk := range append([]string{"ExportEvents", "Dump"}, orderWalks...) {
			o, f := m[walk+"/orig"], m[walk+"/fixed"]
			if !slices.Equal(f.Seen, f.Table) {
				t.Errorf("%s: the rewritten walk saw %d rows, not its snapshot's %d", walk, len(f.Seen), len(f.Table))
			}
			if slices.Contains(inTx, walk) {
				if !slices.Equal(o.Seen, o.Table) {
					t.Errorf("%s: the original, in one transaction, saw %d rows, not its snapshot's %d", walk, len(o.Seen), len(o.Table))
				}
				continue
			}
			if slices.Equal(o.Seen, o.Table) {
				t.Errorf("%s: the original walk saw its snapshot exactly; the writer did not reach it, so this run shows nothing", walk)
			}
			if slices.Contains(orderWalks, walk) {
				t.Logf("%s with a concurrent delete: the original's result is not the table's when it began (%d of %d lines equal), the rewritten one's is", walk, common(o.Seen, o.Table), len(o.Table))
				continue
			}
			t.Logf("%s with a concurrent delete: original saw %d of the %d rows it began with, rewritten %d of %d", walk, len(o.Seen), len(o.Table), len(f.Seen), len(f.Table))
		}
	})
}

// orderWalks are the keyset (CustomerTotals, ActiveIDs, CopyLarge) and ORDER BY
// (KindsOrdered) walks of keyset.go and ordered.go, rewritten because
// their bodies do not depend on the order of the rows.
var orderWalks = []string{"CustomerTotals", "ActiveIDs", "KindsOrdered", "CopyLarge"}

// inTx are the order walks whose original already read in one
// transaction (CopyLarge, on the caller's *sql.Tx): a concurrent writer
// does not reach it either.
var inTx = []string{"CopyLarge"}

// common counts the lines of a that b holds too.
func common(a, b []string) int {
	n := 0
	for _, s := range a {
		if _, found := slices.BinarySearch(b, s); found {
			n++
		}
	}
	return n
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
