package pager_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rowalign/rowalign/runtime/pager"
)

// logged wraps a *sql.DB the way a logging wrapper would: it has the
// Querier methods but no BeginTx.
type logged struct{ db *sql.DB }

func (l logged) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return l.db.QueryContext(ctx, q, args...)
}

func (l logged) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return l.db.QueryRowContext(ctx, q, args...)
}

func (l logged) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return l.db.ExecContext(ctx, q, args...)
}

// TestNoSnapshot: a Querier that cannot begin a transaction would read
// every page as a statement of its own, seeing other connections' commits
// between pages. The walk must deliver its snapshot exactly or refuse.
func TestNoSnapshot(t *testing.T) {
	db := open(t, smallGroup)
	fill(t, db, "t", 10*smallGroup)
	want := selectAll(t, db, "t")
	got := map[string]int{}
	var err error
	for p, e := range pager.Pages(context.Background(), logged{db}, "t", pager.RowGroups(1)) {
		if err = e; err != nil {
			break
		}
		multiset(t, p.Rows, got)
		if p.Index == 0 {
			mustExec(t, db, fmt.Sprintf(`DELETE FROM t WHERE id >= %d`, 5*smallGroup))
		}
	}
	if !errors.Is(err, pager.ErrNoSnapshot) {
		t.Fatalf("walk on a Querier without BeginTx: %d rows of the snapshot's %d, error %v; want ErrNoSnapshot", size(got), size(want), err)
	}
	if _, err := pager.Copy(context.Background(), logged{db}, "t", "t"); !errors.Is(err, pager.ErrNoSnapshot) {
		t.Fatalf("Copy: %v", err)
	}
}

// TestOneLineErrors: DuckDB's messages span lines ("LINE 1:" and a caret);
// the pager's errors must not.
func TestOneLineErrors(t *testing.T) {
	db := open(t, smallGroup)
	fill(t, db, "t", 3*smallGroup)
	_, err := collect(t, db, "t", pager.Where("no_such_column > 1"))
	var pe *pager.PageError
	if !errors.As(err, &pe) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "no_such_column") {
		t.Fatalf("broken Where: %q", err)
	}
	if pe.Index != 0 || pe.Start != 0 || pe.Table != "t" {
		t.Fatalf("PageError fields %+v", pe)
	}
	if !strings.Contains(pe.Err.Error(), "\n") {
		t.Logf("the driver's own error is on one line already: %q (the test checks nothing about joining)", pe.Err)
	}
	for _, name := range []string{"nosuch", "v"} {
		_, err := collect(t, db, name)
		if err == nil || strings.Contains(err.Error(), "\n") {
			t.Fatalf("%s: %q", name, err)
		}
	}
}

// TestCursorChecks: a cursor resumes only the walk it was taken on (same
// table under any equivalent name, same Columns and Where), only while the
// walk runs, and one taken on the last page picks up rows appended later.
func TestCursorChecks(t *testing.T) {
	ctx := context.Background()
	db := open(t, smallGroup) // its default database is "g"
	fill(t, db, "t", 4*smallGroup+10)
	opts := []pager.Option{pager.Columns("id"), pager.Where("id % ? = 0", 2), pager.RowGroups(1)}
	var mid, last pager.Cursor
	var lastPage *pager.Page
	for p, err := range pager.Pages(ctx, db, "t", opts...) {
		if err != nil {
			t.Fatal(err)
		}
		c, err := p.Cursor()
		if err != nil {
			t.Fatal(err)
		}
		if p.Index == 1 {
			mid = c
		}
		last, lastPage = c, p
	}
	if _, err := lastPage.Cursor(); err == nil {
		t.Fatal("Page.Cursor after the walk ended: no error")
	}
	for _, name := range []string{"t", "main.t", `"t"`, "g.main.t", "g.t", `"G"."MAIN"."T"`} {
		if _, err := collect(t, db, name, append(opts, pager.From(mid))...); err != nil {
			t.Errorf("resume as %s: %v", name, err)
		}
	}
	for _, bad := range [][]pager.Option{
		{pager.From(mid)},
		{pager.From(mid), pager.Columns("id")},
		{pager.From(mid), pager.Columns("id"), pager.Where("id % ? = 0", 3)},
		{pager.From(mid), pager.Columns("id", "v"), pager.Where("id % ? = 0", 2)},
	} {
		if _, err := collect(t, db, "t", bad...); !errors.Is(err, pager.ErrCursorMismatch) {
			t.Errorf("resume with other options: %v", err)
		}
	}
	fill(t, db, "t2", 10)
	if _, err := collect(t, db, "t2", append(opts, pager.From(mid))...); !errors.Is(err, pager.ErrCursorMismatch) {
		t.Errorf("resume on another table: %v", err)
	}
	// The last page's cursor continues after the snapshot's last row.
	mustExec(t, db, `INSERT INTO t SELECT 1000000 + range, 'late' FROM range(50)`)
	r, err := collect(t, db, "t", append(opts, pager.From(last))...)
	if err != nil {
		t.Fatal(err)
	}
	if r.rows() != 25 {
		t.Fatalf("resumed after the last page: %d rows, want the 25 even ids appended", r.rows())
	}
	for id := range r.ids {
		if id < 1000000 {
			t.Fatalf("resumed walk repeated id %d", id)
		}
	}
}

// TestNoGroupsPage: rows the storage metadata does not list yet (inserted
// in the caller's open transaction) make one page without row groups.
func TestNoGroupsPage(t *testing.T) {
	ctx := context.Background()
	db := open(t, smallGroup)
	mustExec(t, db, `CREATE TABLE t (id BIGINT)`)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	mustExec(t, tx, `INSERT INTO t SELECT range FROM range(10)`)
	r, err := collect(t, tx, "t")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.pages) != 1 || r.rows() != 10 {
		t.Fatalf("pages %v", r.sizes)
	}
	if s := r.pages[0].String(); s != "page 1/1 (rowids [0, end))" {
		t.Fatalf("page without row groups: %q", s)
	}
}

// TestCopyByName: Copy maps columns by name, never by position, and makes
// a mismatch an error.
func TestCopyByName(t *testing.T) {
	ctx := context.Background()
	db := open(t, smallGroup)
	mustExec(t, db, `CREATE TABLE s AS SELECT range AS a, -range AS b FROM range(1000)`)
	mustExec(t, db, `CREATE TABLE d (b BIGINT, a BIGINT)`)
	if n, err := pager.Copy(ctx, db, "s", "d"); err != nil || n != 1000 {
		t.Fatalf("copy: %d, %v", n, err)
	}
	var wrong int
	if err := db.QueryRow(`SELECT count(*) FROM d WHERE a < 0 OR b > 0`).Scan(&wrong); err != nil || wrong != 0 {
		t.Fatalf("%d rows with a and b swapped (%v)", wrong, err)
	}
	mustExec(t, db, `CREATE TABLE d1 (a BIGINT)`)
	mustExec(t, db, `CREATE TABLE d3 (a BIGINT, b BIGINT, c BIGINT DEFAULT 7)`)
	for _, tc := range []struct {
		dst  string
		opts []pager.Option
		err  error
	}{
		{"d1", nil, pager.ErrColumns},                         // dst lacks b
		{"d3", nil, pager.ErrColumns},                         // src lacks c
		{"d3", []pager.Option{pager.Columns("a", "b")}, nil},  // c gets its default
		{"d1", []pager.Option{pager.Columns("a")}, nil},       // a subset
		{"nosuch", nil, pager.ErrNoTable},                     // missing destination
		{"d1", []pager.Option{pager.RowGroups(0)}, errAnyErr}, // RowGroups(0) is an error, for Copy too
	} {
		_, err := pager.Copy(ctx, db, "s", tc.dst, tc.opts...)
		switch {
		case tc.err == errAnyErr && err != nil:
		case tc.err == nil && err == nil:
		case tc.err != nil && errors.Is(err, tc.err):
		default:
			t.Errorf("copy to %s: %v, want %v", tc.dst, err, tc.err)
		}
	}
	var c7 int
	if err := db.QueryRow(`SELECT count(*) FROM d3 WHERE c = 7`).Scan(&c7); err != nil || c7 != 1000 {
		t.Fatalf("defaults: %d, %v", c7, err)
	}
}

var errAnyErr = errors.New("any error")

// TestCopyRowGroups proves what Copy's documentation says about the
// destination's row groups, with pragma_storage_info after CHECKPOINT.
func TestCopyRowGroups(t *testing.T) {
	if testing.Short() {
		t.Skip("copies 1,000,000 rows four times")
	}
	const rows = 1_000_000
	ctx := context.Background()
	g := int64(122880) // DuckDB's default row group size, the source's
	for _, tc := range []struct {
		name      string
		groupSize int64 // the destination's ROW_GROUP_SIZE (0: default)
		existing  int   // rows in the destination before the copy
		want      func(gs []int64) bool
	}{
		{"same unit", 0, 0, whole(g, rows)},
		{"a multiple of the source's", 2 * g, 0, whole(2*g, rows)},
		{"existing partial group stays", 0, 50000, func(gs []int64) bool {
			return gs[0] == 50000 && whole(g, rows)(gs[1:])
		}},
		// Neither: whether DuckDB's parallel insert cuts the groups at the
		// source's boundaries (204,800 and 163,840 alternating) or writes
		// them whole depends on how its threads share the work (both seen,
		// the whole ones on a loaded machine): Copy promises nothing here,
		// and the test checks that the groups are one of the two.
		{"neither: whole or cut at the source's groups", 204800, 0, func(gs []int64) bool {
			var n int64
			for i, c := range gs {
				if i < len(gs)-1 && c != 204800 && c != 163840 {
					return false
				}
				n += c
			}
			return n == rows
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := open(t, 0)
			// Two threads, as on the 2-core machine the documentation's
			// figures come from: the cut depends on DuckDB's parallel insert.
			mustExec(t, db, `SET threads = 2`)
			mustExec(t, db, fmt.Sprintf(`CREATE TABLE src AS SELECT range AS id, range::VARCHAR AS v FROM range(%d)`, rows))
			opt := ""
			if tc.groupSize > 0 {
				opt = fmt.Sprintf(" (ROW_GROUP_SIZE %d, STORAGE_VERSION 'v1.2.0')", tc.groupSize)
			}
			mustExec(t, db, fmt.Sprintf(`ATTACH '%s' AS o%s`, filepath.Join(t.TempDir(), "o.duckdb"), opt))
			mustExec(t, db, `CREATE TABLE o.dst (id BIGINT, v VARCHAR)`)
			if tc.existing > 0 {
				mustExec(t, db, fmt.Sprintf(`INSERT INTO o.dst SELECT -1 - range, 'x' FROM range(%d)`, tc.existing))
				mustExec(t, db, `CHECKPOINT o`)
			}
			if _, err := pager.Copy(ctx, db, "src", "o.dst"); err != nil {
				t.Fatal(err)
			}
			mustExec(t, db, `CHECKPOINT o`)
			l, err := pager.Inspect(ctx, db, "o.dst")
			if err != nil {
				t.Fatal(err)
			}
			var gs []int64
			for _, g := range l.Groups {
				gs = append(gs, g.Count)
			}
			if !tc.want(gs) {
				t.Fatalf("destination groups after CHECKPOINT: %v", gs)
			}
		})
	}
}

// whole returns a check that groups are whole groups of size g except the
// last, holding rows rows in all.
func whole(g, rows int64) func([]int64) bool {
	return func(gs []int64) bool {
		var n int64
		for i, c := range gs {
			if i < len(gs)-1 && c != g {
				return false
			}
			n += c
		}
		return n == rows
	}
}

// TestCopyDamagedSource pins what Copy does with a source that a
// misaligned load damaged (partial row groups mid-table): on one thread the
// destination's groups come out whole; on two, DuckDB's parallel insert may
// pass the source's partial groups on (measured: it did), and the docs say
// so rather than promise whole groups.
func TestCopyDamagedSource(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and copies 1,000,000 rows twice")
	}
	const rows = 1_000_000
	ctx := context.Background()
	g := int64(122880)
	for _, threads := range []int{1, 2} {
		t.Run(fmt.Sprintf("threads=%d", threads), func(t *testing.T) {
			db := open(t, 0)
			mustExec(t, db, fmt.Sprintf(`SET threads = %d`, threads))
			mustExec(t, db, fmt.Sprintf(`ATTACH '%s' AS s`, filepath.Join(t.TempDir(), "s.duckdb")))
			mustExec(t, db, `CREATE TABLE s.src (id BIGINT, v VARCHAR)`)
			// 250,000-row commits: the misaligned load of docs/measurements.md.
			for lo := 0; lo < rows; lo += 250_000 {
				mustExec(t, db, fmt.Sprintf(`INSERT INTO s.src SELECT range, range::VARCHAR FROM range(%d, %d)`, lo, lo+250_000))
			}
			mustExec(t, db, `CHECKPOINT s`)
			src := groupCounts(t, db, "s.src")
			if whole(g, rows)(src) {
				t.Fatalf("source groups %v are whole: the test needs a damaged source", src)
			}
			mustExec(t, db, fmt.Sprintf(`ATTACH '%s' AS o`, filepath.Join(t.TempDir(), "o.duckdb")))
			mustExec(t, db, `CREATE TABLE o.dst (id BIGINT, v VARCHAR)`)
			if _, err := pager.Copy(ctx, db, "s.src", "o.dst"); err != nil {
				t.Fatal(err)
			}
			mustExec(t, db, `CHECKPOINT o`)
			dst := groupCounts(t, db, "o.dst")
			switch {
			case whole(g, rows)(dst):
			case threads > 1 && slices.Equal(dst, src):
				t.Logf("%d threads passed the source's partial groups on: %v", threads, dst)
			default:
				t.Fatalf("destination groups %v from source groups %v", dst, src)
			}
		})
	}
}

// groupCounts returns the row counts of table's row groups.
func groupCounts(t *testing.T, db pager.Querier, table string) []int64 {
	t.Helper()
	l, err := pager.Inspect(context.Background(), db, table)
	if err != nil {
		t.Fatal(err)
	}
	var gs []int64
	for _, g := range l.Groups {
		gs = append(gs, g.Count)
	}
	return gs
}

// TestCursorArgsAsValues: a cursor records Where's arguments as the
// database sees them, so a later run resumes with its own pointers and
// times: an equal string behind another pointer and the same instant in
// another location resume; a different value is still refused.
func TestCursorArgsAsValues(t *testing.T) {
	ctx := context.Background()
	db := open(t, smallGroup)
	fill(t, db, "t", 3*smallGroup)
	since := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	v := "a"
	where := func(s *string, at time.Time) pager.Option {
		return pager.Where("CAST(id AS VARCHAR) <> ? AND ? > TIMESTAMP '2000-01-01'", s, at)
	}
	var mid pager.Cursor
	for p, err := range pager.Pages(ctx, db, "t", where(&v, since), pager.RowGroups(1)) {
		if err != nil {
			t.Fatal(err)
		}
		if p.Index == 1 {
			if mid, err = p.Cursor(); err != nil {
				t.Fatal(err)
			}
		}
	}
	other := "a" // equal value, another pointer
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		berlin = time.FixedZone("CET", 3600)
	}
	if _, err := collect(t, db, "t", where(&other, since.In(berlin)), pager.RowGroups(1), pager.From(mid)); err != nil {
		t.Errorf("resume with equal arguments: %v", err)
	}
	changed := "b"
	if _, err := collect(t, db, "t", where(&changed, since), pager.RowGroups(1), pager.From(mid)); !errors.Is(err, pager.ErrCursorMismatch) {
		t.Errorf("resume with another argument: %v, want ErrCursorMismatch", err)
	}
	if _, err := collect(t, db, "t", where(&v, since.Add(time.Second)), pager.RowGroups(1), pager.From(mid)); !errors.Is(err, pager.ErrCursorMismatch) {
		t.Errorf("resume with another time: %v, want ErrCursorMismatch", err)
	}
}
