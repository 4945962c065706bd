package loader_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/duckdb/duckdb-go/v2"

	"github.com/rowalign/rowalign/runtime/loader"
	"github.com/rowalign/rowalign/runtime/pager"
)

// smallGroup is the smallest ROW_GROUP_SIZE DuckDB accepts; the tests attach
// their database with it so that many row groups stay small.
const smallGroup = 2048

// open returns a DuckDB file database whose default catalog "g" was attached
// with ROW_GROUP_SIZE groupSize (0: DuckDB's default), with a pool of one
// connection so that a connection left inside a transaction fails the next
// statement.
func open(t testing.TB, groupSize int) *sql.DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g.duckdb")
	opts := ""
	if groupSize > 0 {
		opts = fmt.Sprintf(" (ROW_GROUP_SIZE %d, STORAGE_VERSION 'v1.2.0')", groupSize)
	}
	boot := []string{fmt.Sprintf(`ATTACH IF NOT EXISTS '%s' AS g%s`, path, opts), `USE g`}
	c, err := duckdb.NewConnector("", func(e driver.ExecerContext) error {
		for _, q := range boot {
			if _, err := e.ExecContext(context.Background(), q, nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db := sql.OpenDB(c)
	t.Cleanup(func() { db.Close(); c.Close() })
	db.SetMaxOpenConns(1)
	return db
}

// duckdbOpen is the Opener of github.com/duckdb/duckdb-go/v2.
func duckdbOpen(c driver.Conn, catalog, schema, table string) (loader.Appender, error) {
	return duckdb.NewAppender(c, catalog, schema, table)
}

func mustExec(t testing.TB, q interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, query string, args ...any) {
	t.Helper()
	if _, err := q.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

const createEvents = `CREATE TABLE events (id BIGINT, name VARCHAR, ts TIMESTAMP, tags INTEGER[])`

// epoch is the first row's timestamp; row i is at epoch + i seconds.
var epoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// rows appends rows first..first+n-1 of the events table.
func rows(first, n int64) func(loader.AddFunc) error {
	return func(add loader.AddFunc) error {
		for i := first; i < first+n; i++ {
			if err := add(i, fmt.Sprintf("event-%d", i), epoch.Add(time.Duration(i)*time.Second), []int32{int32(i % 7), 1}); err != nil {
				return err
			}
		}
		return nil
	}
}

// checkEvents asserts that events holds exactly rows 0..n-1 as rows wrote
// them, each once.
func checkEvents(t *testing.T, db *sql.DB, n int64) {
	t.Helper()
	var count, distinct, lo, hi int64
	var exact bool
	err := db.QueryRow(`SELECT count(*), count(DISTINCT id), coalesce(min(id), 0), coalesce(max(id), -1),
		coalesce(bool_and(name = 'event-' || id AND ts = TIMESTAMP '2024-01-01' + to_seconds(id) AND tags = [(id % 7)::INTEGER, 1]), true)
		FROM events`).Scan(&count, &distinct, &lo, &hi, &exact)
	if err != nil {
		t.Fatal(err)
	}
	if count != n || distinct != n || lo != 0 || hi != n-1 || !exact {
		t.Fatalf("events: %d rows, %d distinct ids in [%d, %d], values exact %v; want ids 0..%d each once", count, distinct, lo, hi, exact, n-1)
	}
}

// groups returns the row counts of table's row groups after a CHECKPOINT.
func groups(t *testing.T, db *sql.DB, table string) []int64 {
	t.Helper()
	mustExec(t, db, `CHECKPOINT`)
	l, err := pager.Inspect(context.Background(), db, table)
	if err != nil {
		t.Fatal(err)
	}
	var counts []int64
	for _, g := range l.Groups {
		counts = append(counts, g.Count)
	}
	return counts
}

// whole reports whether counts are full groups of size g but for the last.
func whole(counts []int64, g int64) bool {
	for i, c := range counts {
		if c != g && (i != len(counts)-1 || c > g) {
			return false
		}
	}
	return true
}

// healthy asserts that db's one pooled connection is usable and outside any
// transaction: BEGIN would fail inside one, and an aborted one fails every
// statement.
func healthy(t *testing.T, db *sql.DB) {
	t.Helper()
	for _, q := range []string{`SELECT 1`, `BEGIN TRANSACTION`, `ROLLBACK`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("the pool after the load: %s: %v", q, err)
		}
	}
}

func TestLoadExactRows(t *testing.T) {
	db := open(t, smallGroup)
	mustExec(t, db, createEvents)
	const n = 30_000
	st, err := loader.Load(context.Background(), db, "events", duckdbOpen, rows(0, n))
	if err != nil {
		t.Fatal(err)
	}
	if st.Rows != n || st.Commits != 1 || st.RowGroupSize != loader.DefaultRowGroupSize || st.TailRows != 0 {
		t.Errorf("stats %+v; want %d rows, 1 commit, unit %d (an empty table shows none), no tail", st, n, loader.DefaultRowGroupSize)
	}
	checkEvents(t, db, n)
	if g := groups(t, db, "events"); !whole(g, smallGroup) {
		t.Errorf("row groups %v are not whole groups of %d", g, smallGroup)
	}
	healthy(t, db)
}

// TestLoadDefaultGroups loads 300,000 rows into DuckDB's default 122,880-row
// groups: the layout must be 122,880 + 122,880 + 54,240, with and without
// commits every row group.
func TestLoadDefaultGroups(t *testing.T) {
	if testing.Short() {
		t.Skip("300,000 rows")
	}
	for _, opts := range [][]loader.Option{nil, {loader.CommitRowGroups(1)}} {
		db := open(t, 0)
		mustExec(t, db, createEvents)
		st, err := loader.Load(context.Background(), db, "events", duckdbOpen, rows(0, 300_000), opts...)
		if err != nil {
			t.Fatal(err)
		}
		checkEvents(t, db, 300_000)
		if g := groups(t, db, "events"); !slices.Equal(g, []int64{122_880, 122_880, 54_240}) {
			t.Errorf("%d commits: row groups %v; want [122880 122880 54240]", st.Commits, g)
		}
	}
}

func TestCommitRowGroups(t *testing.T) {
	db := open(t, smallGroup)
	mustExec(t, db, createEvents)
	// Two groups make the unit visible to the loader.
	mustExec(t, db, `INSERT INTO events SELECT range, 'event-' || range, TIMESTAMP '2024-01-01' + to_seconds(range), [(range % 7)::INTEGER, 1] FROM range(4096)`)
	mustExec(t, db, `CHECKPOINT`)
	st, err := loader.Load(context.Background(), db, "events", duckdbOpen, rows(4096, 10*smallGroup+100), loader.CommitRowGroups(4), loader.FlushRowGroups(2))
	if err != nil {
		t.Fatal(err)
	}
	if st.RowGroupSize != smallGroup || st.Commits != 3 || st.Rows != 10*smallGroup+100 {
		t.Errorf("stats %+v; want unit %d, 3 commits (4 + 4 groups, then the rest)", st, smallGroup)
	}
	checkEvents(t, db, 4096+10*smallGroup+100)
	if g := groups(t, db, "events"); !whole(g, smallGroup) {
		t.Errorf("row groups %v are not whole", g)
	}
}

// TestFailureCommitsNothing stops loads in every way they can stop: the
// rows' own error, a row DuckDB rejects, a panic, and the context cancelled
// at every point the loader consults it. Nothing may be committed, the
// connection must come back usable outside any transaction, and the error
// must say what happened.
func TestFailureCommitsNothing(t *testing.T) {
	db := open(t, smallGroup)
	mustExec(t, db, createEvents)
	errSource := errors.New("source broke")
	cases := []struct {
		name string
		fill func(loader.AddFunc) error
		want string
	}{
		{"source error", func(add loader.AddFunc) error {
			if err := rows(0, 5000)(add); err != nil {
				return err
			}
			return errSource
		}, "the rows stopped after 5000: source broke"},
		{"bad row", func(add loader.AddFunc) error {
			if err := rows(0, 3000)(add); err != nil {
				return err
			}
			return add(int64(1), "short row")
		}, "row 3001"},
		{"add error ignored", func(add loader.AddFunc) error {
			rows(0, 3000)(add)
			add("not a number", "x", epoch, nil)
			return nil
		}, "row 3001"},
		// duckdb-go numbers the rows of the chunk it fills: the error said
		// "row 4322: ... at row 225, col 0" (issue 24).
		{"rejected value", func(add loader.AddFunc) error {
			if err := rows(0, 4321)(add); err != nil {
				return err
			}
			return add("not a number", "x", epoch, nil)
		}, "row 4322: database/sql/driver: could not append row: failed to set value: col 0: cast error"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, err := loader.Load(context.Background(), db, "events", duckdbOpen, c.fill)
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("err = %v; want one line containing %q", err, c.want)
			}
			if c.name == "source error" && !errors.Is(err, errSource) {
				t.Errorf("errors.Is(err, source error) = false")
			}
			if st.Rows != 0 {
				t.Errorf("stats say %d rows committed", st.Rows)
			}
			checkEvents(t, db, 0)
			healthy(t, db)
		})
	}
	t.Run("panic", func(t *testing.T) {
		func() {
			defer func() {
				if recover() == nil {
					t.Fatal("the panic did not reach the caller")
				}
			}()
			loader.Load(context.Background(), db, "events", duckdbOpen, func(add loader.AddFunc) error {
				rows(0, 3000)(add)
				panic("boom")
			})
		}()
		checkEvents(t, db, 0)
		healthy(t, db)
	})
}

// cancelAfter is a context that is cancelled once it has been asked Done or
// Err n times: walking n up finds every point where the loader consults it.
type cancelAfter struct {
	context.Context
	cancel context.CancelFunc
	left   atomic.Int64
}

func newCancelAfter(n int64) *cancelAfter {
	ctx, cancel := context.WithCancel(context.Background())
	c := &cancelAfter{Context: ctx, cancel: cancel}
	c.left.Store(n)
	return c
}

func (c *cancelAfter) tick() {
	if c.left.Add(-1) < 0 {
		c.cancel()
	}
}
func (c *cancelAfter) Done() <-chan struct{} { c.tick(); return c.Context.Done() }
func (c *cancelAfter) Err() error            { c.tick(); return c.Context.Err() }

func TestCancelEverywhere(t *testing.T) {
	for _, commits := range []int{0, 1} {
		db := open(t, smallGroup)
		mustExec(t, db, createEvents)
		const n = 3 * smallGroup
		var opts []loader.Option
		if commits > 0 {
			opts = append(opts, loader.CommitRowGroups(commits))
		}
		for k := int64(0); ; k++ {
			ctx := newCancelAfter(k)
			st, err := loader.Load(ctx, db, "events", duckdbOpen, rows(0, n), opts...)
			t.Logf("cancelled after %d checks: %v", k, err)
			healthy(t, db)
			var got int64
			if err := db.QueryRow(`SELECT count(*) FROM events`).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != st.Rows {
				t.Fatalf("cancelled after %d checks: %d rows in the table, stats say %d committed (err %v)", k, got, st.Rows, err)
			}
			if err == nil {
				if got != n {
					t.Fatalf("no error but %d of %d rows", got, n)
				}
				if k < 3 {
					t.Fatalf("the load consulted its context only %d times", k)
				}
				break
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled after %d checks: err = %v; want context.Canceled", k, err)
			}
			if commits == 0 && got != 0 {
				t.Fatalf("cancelled after %d checks: %d rows committed by a one-transaction load", k, got)
			}
			mustExec(t, db, `DELETE FROM events`)
		}
	}
}

func TestRefusals(t *testing.T) {
	db := open(t, smallGroup)
	mustExec(t, db, createEvents)
	mustExec(t, db, `CREATE VIEW v AS SELECT * FROM events`)
	ctx := context.Background()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	_, err = loader.Load(ctx, tx, "events", duckdbOpen, rows(0, 1))
	tx.Rollback()
	if !errors.Is(err, loader.ErrTarget) {
		t.Errorf("a *sql.Tx target: err = %v; want ErrTarget", err)
	}
	if _, err := loader.Load(ctx, db, "events", nil, rows(0, 1)); !errors.Is(err, loader.ErrNoOpener) {
		t.Errorf("nil Opener: err = %v; want ErrNoOpener", err)
	}
	if _, err := loader.Load(ctx, db, "missing", duckdbOpen, rows(0, 1)); !errors.Is(err, pager.ErrNoTable) {
		t.Errorf("missing table: err = %v; want pager.ErrNoTable", err)
	}
	if _, err := loader.Load(ctx, db, "v", duckdbOpen, rows(0, 1)); !errors.Is(err, pager.ErrNotTable) {
		t.Errorf("a view: err = %v; want pager.ErrNotTable", err)
	}
	for _, o := range []loader.Option{loader.FlushRowGroups(0), loader.CommitRowGroups(-1), loader.RowGroupSize(1000)} {
		if _, err := loader.Load(ctx, db, "events", duckdbOpen, rows(0, 1), o); err == nil {
			t.Errorf("a bad option was accepted")
		}
	}
	if _, err := loader.Load(ctx, db, "events", duckdbOpen, rows(0, 1), loader.FlushRowGroups(2), loader.CommitRowGroups(3)); err == nil {
		t.Errorf("CommitRowGroups(3) with FlushRowGroups(2) was accepted")
	}
	checkEvents(t, db, 0)
	healthy(t, db)
}

// TestNames loads into tables named every way DuckDB allows: an attached
// catalog by two and three parts, a schema, quotes and spaces.
func TestNames(t *testing.T) {
	db := open(t, 0)
	ctx := context.Background()
	other := filepath.Join(t.TempDir(), "other.duckdb")
	mustExec(t, db, fmt.Sprintf(`ATTACH '%s' AS other`, other))
	mustExec(t, db, `CREATE SCHEMA s`)
	for _, c := range []struct{ create, name string }{
		{`CREATE TABLE other.main.t (id BIGINT)`, "other.t"},
		{`CREATE TABLE other.main.t3 (id BIGINT)`, "other.main.t3"},
		{`CREATE TABLE s.t (id BIGINT)`, "s.t"},
		{`CREATE TABLE "odd.name" (id BIGINT)`, `"odd.name"`},
		{`CREATE TABLE "with space" (id BIGINT)`, `with space`},
	} {
		mustExec(t, db, c.create)
		st, err := loader.Load(ctx, db, c.name, duckdbOpen, func(add loader.AddFunc) error {
			for i := range int64(10) {
				if err := add(i); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		q, _ := pager.QuoteName(c.name)
		var n int64
		if err := db.QueryRow(`SELECT count(*) FROM ` + q).Scan(&n); err != nil || n != 10 || st.Rows != 10 {
			t.Errorf("%s: %d rows (%v), stats %d; want 10", c.name, n, err, st.Rows)
		}
	}
}

// TestPartialTail: a destination that already ends in a partial row group
// keeps it, and Stats says so.
func TestPartialTail(t *testing.T) {
	db := open(t, smallGroup)
	mustExec(t, db, createEvents)
	mustExec(t, db, `INSERT INTO events SELECT range, 'event-' || range, TIMESTAMP '2024-01-01' + to_seconds(range), [(range % 7)::INTEGER, 1] FROM range(5000)`)
	mustExec(t, db, `CHECKPOINT`)
	st, err := loader.Load(context.Background(), db, "events", duckdbOpen, rows(5000, 5000))
	if err != nil {
		t.Fatal(err)
	}
	if st.TailRows != 5000-2*smallGroup || st.RowGroupSize != smallGroup {
		t.Errorf("stats %+v; want unit %d and a %d-row tail", st, smallGroup, 5000-2*smallGroup)
	}
	checkEvents(t, db, 10_000)
}

func TestLoadSeqReusedSlice(t *testing.T) {
	db := open(t, smallGroup)
	mustExec(t, db, createEvents)
	row := make([]driver.Value, 4)
	seq := func(yield func([]driver.Value, error) bool) {
		for i := range int64(7000) {
			row[0], row[1], row[2], row[3] = i, fmt.Sprintf("event-%d", i), epoch.Add(time.Duration(i)*time.Second), []int32{int32(i % 7), 1}
			if !yield(row, nil) {
				return
			}
		}
	}
	if _, err := loader.LoadSeq(context.Background(), db, "events", duckdbOpen, seq); err != nil {
		t.Fatal(err)
	}
	checkEvents(t, db, 7000)

	errRead := errors.New("read failed")
	mustExec(t, db, `DELETE FROM events`)
	bad := func(yield func([]driver.Value, error) bool) {
		if yield([]driver.Value{int64(1), "event-1", epoch, []int32{1, 1}}, nil) {
			yield(nil, errRead)
		}
	}
	if _, err := loader.LoadSeq(context.Background(), db, "events", duckdbOpen, bad); !errors.Is(err, errRead) {
		t.Errorf("err = %v; want the sequence's error", err)
	}
	checkEvents(t, db, 0)
}

// TestConnLeftOpen: a caller's *sql.Conn stays open and usable after a load,
// and is discarded only when the load could not end its transaction.
func TestConnLeftOpen(t *testing.T) {
	db := open(t, smallGroup)
	mustExec(t, db, createEvents)
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := loader.Load(ctx, conn, "events", duckdbOpen, rows(0, 100)); err != nil {
		t.Fatal(err)
	}
	if _, err := loader.Load(ctx, conn, "events", duckdbOpen, rows(100, 100)); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM events`).Scan(&n); err != nil || n != 200 {
		t.Fatalf("count on the caller's connection: %d, %v", n, err)
	}
}

// TestTempShadow: a temp table of the same name shadows the main one, as
// DuckDB binds it; the load writes where a SELECT of the name reads.
func TestTempShadow(t *testing.T) {
	db := open(t, 0)
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	mustExec(t, conn, `CREATE TABLE t (id BIGINT)`)
	mustExec(t, conn, `CREATE TEMP TABLE t (id BIGINT)`)
	if _, err := loader.Load(ctx, conn, "t", duckdbOpen, func(add loader.AddFunc) error { return add(int64(1)) }); err != nil {
		t.Fatal(err)
	}
	var temp, main int
	if err := conn.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM temp.main.t), (SELECT count(*) FROM g.main.t)`).Scan(&temp, &main); err != nil {
		t.Fatal(err)
	}
	if temp != 1 || main != 0 {
		t.Errorf("temp table %d rows, main table %d; want the row in the temp table that shadows it", temp, main)
	}
}

// TestTailAfterCheckpoint records what DuckDB 1.5.6 does with a
// destination's partial tail group when a load appends after it, so that
// docs/loader.md cannot drift from it (issue 24: the doc said a checkpoint
// does not merge it). A checkpointed 50,000-row table, 300,000 rows loaded
// in one transaction: the load leaves the tail and its own groups as they
// are, and the next CHECKPOINT merges them into whole groups but the last.
func TestTailAfterCheckpoint(t *testing.T) {
	db := open(t, 0)
	mustExec(t, db, createEvents)
	mustExec(t, db, `INSERT INTO events SELECT range, 'event-' || range, TIMESTAMP '2024-01-01' + to_seconds(range), [(range % 7)::INTEGER, 1] FROM range(50000)`)
	mustExec(t, db, `CHECKPOINT`)
	st, err := loader.Load(context.Background(), db, "events", duckdbOpen, rows(50_000, 300_000))
	if err != nil {
		t.Fatal(err)
	}
	if st.TailRows != 50_000 {
		t.Errorf("Stats.TailRows = %d, want 50000", st.TailRows)
	}
	l, err := pager.Inspect(context.Background(), db, "events")
	if err != nil {
		t.Fatal(err)
	}
	var before []int64
	for _, g := range l.Groups {
		before = append(before, g.Count)
	}
	after := groups(t, db, "events") // after a CHECKPOINT
	t.Logf("row groups before CHECKPOINT %v, after %v", before, after)
	if want := []int64{50_000, 122_880, 122_880, 54_240}; !slices.Equal(before, want) {
		t.Errorf("before the CHECKPOINT: %v, want %v", before, want)
	}
	if want := []int64{122_880, 122_880, 104_240}; !slices.Equal(after, want) {
		t.Errorf("after the CHECKPOINT: %v, want %v (docs/loader.md, \"A partial tail\")", after, want)
	}
	checkEvents(t, db, 350_000)
}
