//go:build cgo

// The program this test builds links DuckDB through cgo. With cgo off
// (CGO_ENABLED=0, or no C compiler: go turns cgo off by itself then) the
// file drops out and the package has no test, so the analyser module's
// tests pass on a machine without a C compiler. The child build inherits
// the test's environment: it was forced to CGO_ENABLED=1 and failed
// where CC pointed nowhere.

package sizefixrun

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// program runs every walk of the two fixtures, original and fixed, each
// on a fresh database, and prints what each computed as JSON:
// {"Export": ["orig result", "fixed result"], ...}.
const program = `package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"

	fixedb "example.com/walks/fixed/batchdep"
	fixed "example.com/walks/fixed/pagedep"
	origb "example.com/walks/orig/batchdep"
	orig "example.com/walks/orig/pagedep"
)

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

// fresh opens a new database holding events: 600,000 rows in table
// order, a refund every 49,999 rows (Valid skips the rest of a page at
// one), and the empty tables the copies write.
func fresh(dir, name string) *sql.DB {
	db, err := sql.Open("duckdb", dir+"/"+name+".duckdb")
	must(err)
	for _, q := range []string{
		"CREATE TABLE events AS SELECT range::BIGINT AS id, CASE WHEN range % 49999 = 7 THEN 'refund' ELSE 'k' || (range % 5) END AS kind, (range % 1000) / 10.0 AS amount FROM range(600000)",
		"CREATE TABLE archive AS FROM events LIMIT 0",
		"CREATE TABLE staged (id BIGINT, kind VARCHAR, amount DOUBLE)",
		"CHECKPOINT",
	} {
		_, err := db.Exec(q)
		must(err)
	}
	return db
}

// table is a digest of a table's rows in rowid order.
func table(db *sql.DB, name string) string {
	var n int64
	var h sql.NullString
	must(db.QueryRow("SELECT count(*), md5(string_agg(id || ' ' || kind || ' ' || amount, ',' ORDER BY rowid)) FROM " + name).Scan(&n, &h))
	return fmt.Sprintf("%d rows %s", n, h.String)
}

type walk func(ctx context.Context, db *sql.DB, logger *log.Logger) (string, error)

func main() {
	dir := flag.String("dir", "", "where the databases go")
	flag.Parse()
	ctx := context.Background()
	events := make([]origb.Event, 130_000)
	for i := range events {
		events[i] = origb.Event{ID: int64(i), Kind: fmt.Sprintf("k%d", i%5), Amount: float64(i%1000) / 10}
	}
	fixedEvents := make([]fixedb.Event, len(events))
	for i, e := range events {
		fixedEvents[i] = fixedb.Event(e)
	}
	walks := map[string][2]walk{
		"Export": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return orig.Export(ctx, db) },
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return fixed.Export(ctx, db) }},
		"Revenue": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return orig.Revenue(ctx, db) },
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return fixed.Revenue(ctx, db) }},
		"Since": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return orig.Since(ctx, db, 1000) },
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return fixed.Since(ctx, db, 1000) }},
		"Valid": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return orig.Valid(ctx, db) },
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return fixed.Valid(ctx, db) }},
		"Backfill": {
			func(ctx context.Context, db *sql.DB, l *log.Logger) (string, error) { return orig.Backfill(ctx, db, l) },
			func(ctx context.Context, db *sql.DB, l *log.Logger) (string, error) { return fixed.Backfill(ctx, db, l) }},
		"PageTotals": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return orig.PageTotals(ctx, db) },
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return fixed.PageTotals(ctx, db) }},
		"Progress": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return orig.Progress(ctx, db) },
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return fixed.Progress(ctx, db) }},
		"Collect": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return orig.Collect(ctx, db) },
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return fixed.Collect(ctx, db) }},
		"Count": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return orig.Count(ctx, db) },
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return fixed.Count(ctx, db) }},
		"Sample": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return orig.Sample(ctx, db) },
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return fixed.Sample(ctx, db) }},
		"ArchiveCounted": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) {
				n, err := origb.ArchiveCounted(ctx, db)
				return fmt.Sprintf("copied %d", n), err
			},
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) {
				n, err := fixedb.ArchiveCounted(ctx, db)
				return fmt.Sprintf("copied %d", n), err
			}},
		"Archive": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return table(db, "archive"), origb.Archive(ctx, db) },
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return table(db, "archive"), fixedb.Archive(ctx, db) }},
		"Load": {
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return "", origb.Load(ctx, db, events) },
			func(ctx context.Context, db *sql.DB, _ *log.Logger) (string, error) { return "", fixedb.Load(ctx, db, fixedEvents) }},
		"LoadLogged": {
			func(ctx context.Context, db *sql.DB, l *log.Logger) (string, error) { return "", origb.LoadLogged(ctx, db, events, l) },
			func(ctx context.Context, db *sql.DB, l *log.Logger) (string, error) {
				return "", fixedb.LoadLogged(ctx, db, fixedEvents, l)
			}},
	}
	out := make(map[string][2]string)
	for name, w := range walks {
		var got [2]string
		for i, variant := range []string{"orig", "fixed"} {
			db := fresh(*dir, name+"-"+variant)
			var logged bytes.Buffer
			res, err := w[i](ctx, db, log.New(&logged, "", 0))
			must(err)
			// What the walk returned, logged, and wrote.
			got[i] = res + " | log: " + logged.String() + " | archive: " + table(db, "archive") + " | staged: " + table(db, "staged")
			db.Close()
		}
		out[name] = got
	}
	must(json.NewEncoder(os.Stdout).Encode(out))
}
`

// TestFixKeepsResults builds the program and checks that every walk
// computes the same before and after its fix. Before issue 24, Valid,
// Backfill, PageTotals, Progress and LoadLogged were fixed too, and
// computed something else (measured with the goldens the old fixes
// wrote): another digest (pages skipped at other rows), "122880 rows a
// page" logged for 150000, 5 page totals instead of 15, 3 pages counted
// instead of 2, a progress line at 122,880 events instead of 125,000.
// Collect, Count and ArchiveCounted add each page's rows to a total (the
// ids in order, the pages' count(*), the rows copied): they had no fix, and get one that computes
// the same; Sample, which stops on its running total, has none (its
// fix stopped after 491,520 rows instead of 600,000).
func TestFixKeepsResults(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a DuckDB program and walks 600,000-row tables")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
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
	for _, f := range []string{"passes/pagesize/testdata/pagedep/pagedep.go", "passes/commitsize/testdata/batchdep/batchdep.go"} {
		pkg := filepath.Base(filepath.Dir(f))
		write("orig/"+pkg+"/"+filepath.Base(f), read(filepath.Join(root, f)))
		golden := filepath.Join(root, f+".golden")
		write("fixed/"+pkg+"/"+filepath.Base(f), read(golden))
	}
	write("main.go", []byte(program))
	// The duckdb module's requirements: the driver at the version the
	// pager is tested with, from the module cache.
	base := filepath.Join(root, "duckdb")
	write("go.sum", read(filepath.Join(base, "go.sum")))
	gomod := strings.Replace(string(read(filepath.Join(base, "go.mod"))), "module github.com/rowalign/rowalign/duckdb", "module example.com/walks", 1)
	write("go.mod", []byte(gomod+"\nreplace github.com/rowalign/rowalign/runtime => "+filepath.Join(root, "runtime")+"\n"))
	bin := filepath.Join(mod, "walks")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = mod
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-dir", t.TempDir())
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("walks: %v", err)
	}
	var got map[string][2]string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	// What the original walks compute, so that a walk that reads nothing
	// cannot pass.
	want := map[string]string{
		"Revenue":  "600000 rows",
		"Since":    "up to 599999",
		"Backfill": "backfill: 150000 rows a page",
		"Progress": "2 pages",
		"Archive":  "archive: 600000 rows",
		// Accumulations: the pages' ids in order, the pages' counts.
		"Collect":        "119998 ids",
		"Count":          "600000 events",
		"ArchiveCounted": "copied 600000 | ",
		"Sample":         "600000 rows sampled",
		"Load":           "staged: 130000 rows",
		"LoadLogged":     "committed 125000 events",
	}
	for name, r := range got {
		if r[0] != r[1] {
			t.Errorf("%s computed something else after its fix:\noriginal: %s\nfixed:    %s", name, r[0], r[1])
		}
		if w := want[name]; !strings.Contains(r[0], w) {
			t.Errorf("%s: the original computed %q, which does not hold %q", name, r[0], w)
		}
	}
	if len(got) != 14 {
		t.Errorf("%d walks ran, want 14", len(got))
	}
}
