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

// freshOn also runs more before the checkpoint.
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
		// The walks of the holes issue 24 found, and the fixes that
		// close them (holes.go of this program).
		holes holes
	}
	variants := []variant{
		{"orig", orig.ExportEvents, orig.CountKind, orig.Dump, []func(context.Context, *sql.Tx) error{
			func(ctx context.Context, tx *sql.Tx) error { return orig.Archive(ctx, tx, "k1") }, orig.Snapshot,
			func(_ context.Context, tx *sql.Tx) error { return orig.Mirror(tx, "k3") }}, orig.Kinds, orig.Since, orig.EachID, orig.KindCounts,
			holes{orig.Reverse, orig.Rollup, orig.BackupLedger, orig.RecentKinds, orig.Payloads, orig.ExportBatches, orig.Sample,
				orig.CountBefore, orig.CountKindK1, orig.Drain, orig.IDs, orig.SyncCount, orig.SyncTotal, orig.SyncSaved}},
		{"fixed", func(ctx context.Context, db *sql.DB, emit func(orig.Event)) error {
			return fixed.ExportEvents(ctx, db, func(e fixed.Event) { emit(orig.Event(e)) })
		}, fixed.CountKind, fixed.Dump, []func(context.Context, *sql.Tx) error{
			func(ctx context.Context, tx *sql.Tx) error { return fixed.Archive(ctx, tx, "k1") }, fixed.Snapshot,
			func(_ context.Context, tx *sql.Tx) error { return fixed.Mirror(tx, "k3") }}, fixed.Kinds, fixed.Since, fixed.EachID, fixed.KindCounts,
			holes{fixed.Reverse, fixed.Rollup, fixed.BackupLedger, fixed.RecentKinds, fixed.Payloads, fixed.ExportBatches, fixed.Sample,
				fixed.CountBefore, fixed.CountKindK1, fixed.Drain, fixed.IDs, fixed.SyncCount, fixed.SyncTotal, fixed.SyncSaved}},
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

		if !*withWriter {
			out = append(out, v.holes.run(ctx, *dir, v.name)...)
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
	for _, f := range []string{"schema.go", "export.go", "copy.go", "noctx.go", "single.go", "tail.go", "columns.go", "sources.go", "perpage.go", "cursor.go"} {
		write("orig/"+f, read(filepath.Join(fixtures, f)))
		write("fixed/"+f, read(filepath.Join(fixtures, f+".golden")))
	}
	write("main.go", []byte(program))
	write("holes.go", []byte(holesProgram))
	// The requirements of the duckdb module, which tests the pager against
	// DuckDB (the runtime, the driver at the version the pager is tested
	// with), so that the build resolves every package from the module cache
	// as that module's does.
	base := filepath.Join(root, "duckdb")
	write("go.sum", read(filepath.Join(base, "go.sum")))
	baseMod := string(read(filepath.Join(base, "go.mod")))
	baseMod = strings.Replace(baseMod, "module github.com/rowalign/rowalign/duckdb", "module example.com/walks", 1)
	write("go.mod", []byte(baseMod+"\nreplace github.com/rowalign/rowalign/runtime => "+filepath.Join(root, "runtime")+"\n"))
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
		// The holes: the original and the fixed program compute the same;
		// the two that are rewritten also what their tables hold.
		for _, walk := range holeWalks {
			o, f := m[walk+"/orig"], m[walk+"/fixed"]
			t.Logf("%s: original %q, fixed %q", walk, o.Seen, f.Seen)
			if len(o.Seen) == 0 || !slices.Equal(o.Seen, f.Seen) {
				t.Errorf("%s: the original computed %q, the fixed program %q", walk, o.Seen, f.Seen)
			}
			if len(f.Table) > 0 && !slices.Equal(f.Seen, f.Table) {
				t.Errorf("%s: the fixed program computed %q, its table holds %q", walk, f.Seen, f.Table)
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
		for _, walk := range []string{"ExportEvents", "Dump"} {
			o, f := m[walk+"/orig"], m[walk+"/fixed"]
			if !slices.Equal(f.Seen, f.Table) {
				t.Errorf("%s: the rewritten walk saw %d rows, not its snapshot's %d", walk, len(f.Seen), len(f.Table))
			}
			if slices.Equal(o.Seen, o.Table) {
				t.Errorf("%s: the original walk saw its snapshot exactly; the writer did not reach it, so this run shows nothing", walk)
			}
			t.Logf("%s with a concurrent delete: original saw %d of the %d rows it began with, rewritten %d of %d", walk, len(o.Seen), len(o.Table), len(f.Seen), len(f.Table))
		}
	})
}

// holeWalks are the walks of holes.go: what each computed, original
// against fixed, on real DuckDB. Each was rewritten before issue 24 and
// computed something else then (or failed); BackupLedger and IDs are
// rewritten still.
var holeWalks = []string{"Reverse", "Rollup", "BackupLedger", "RecentKinds", "Payloads", "ExportBatches", "Sample",
	"CountBefore", "CountKindK1", "Drain", "IDs", "SyncCount", "SyncTotal", "SyncSaved"}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
