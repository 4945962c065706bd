// Package safety holds the pager's regression scenarios that must hold on
// both DuckDB drivers: duckdb/runtimetest/pager (github.com/duckdb/duckdb-go/v2,
// DuckDB 2.0.0 and 1.5.6) and duckdb/runtimetest/marcboekertest
// (github.com/marcboeker/go-duckdb v1.8.5, DuckDB 1.1.3) call each of them
// from a test of the same name. A scenario opens its databases with
// sql.Open("duckdb", ...), so it runs on whichever driver the test binary
// links. Every walk is compared with the exact multiset of SELECT *.
package safety

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/duckdb/runtimetest/internal/rowset"
	"github.com/rowalign/rowalign/runtime/pager"
)

// group is DuckDB's default row group size (122,880 rows on 1.5.6 and
// 1.1.3, the only size both drivers' DuckDBs can write: ROW_GROUP_SIZE on
// ATTACH needs a newer storage version). The scenarios size their tables in
// groups so that deletes and checkpoints act on whole groups.
const group = 122_880

// querier is what the scenarios run statements on.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// open opens the DuckDB database at path ("" in memory) and closes it when
// t ends.
func open(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// conn returns a connection of db of its own, closed when t ends.
func conn(t *testing.T, db *sql.DB) *sql.Conn {
	t.Helper()
	c, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func exec(t *testing.T, q querier, query string) {
	t.Helper()
	if _, err := q.ExecContext(context.Background(), query); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// fill creates table (a SQL name) with n rows: id = first..first+n-1 and v
// its text, in one statement (whole row groups).
func fill(t *testing.T, q querier, table string, first, n int) {
	t.Helper()
	exec(t, q, fmt.Sprintf(`CREATE TABLE %s AS SELECT (%d + range)::BIGINT AS id, (%d + range)::VARCHAR AS v FROM range(%d)`, table, first, first, n))
}

// selectAll returns the multiset of SELECT * FROM table on q.
func selectAll(t *testing.T, q querier, table string) map[string]int {
	t.Helper()
	rows, err := q.QueryContext(context.Background(), `SELECT * FROM `+table)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	m := map[string]int{}
	if _, err := rowset.Add(rows, m); err != nil {
		t.Fatal(err)
	}
	return m
}

// walked is what one walk delivered.
type walked struct {
	rows  map[string]int
	pages int
	last  pager.Cursor // the last page's cursor
	err   error
}

// walk walks table on q in one-group pages, taking each page's cursor, and
// calls after(page index) after each page (nil: nothing).
func walk(t *testing.T, q pager.Querier, table string, after func(int), opts ...pager.Option) walked {
	t.Helper()
	w := walked{rows: map[string]int{}}
	opts = append([]pager.Option{pager.RowGroups(1)}, opts...)
	for p, err := range pager.Pages(context.Background(), q, table, opts...) {
		if err != nil {
			w.err = err
			return w
		}
		if _, err := rowset.Add(p.Rows, w.rows); err != nil {
			t.Fatal(err)
		}
		c, err := p.Cursor()
		if err != nil {
			t.Fatal(err)
		}
		w.last = c
		w.pages++
		if after != nil {
			after(p.Index)
		}
	}
	return w
}

// same fails t unless got is exactly want.
func same(t *testing.T, what string, got, want map[string]int) {
	t.Helper()
	if !maps.Equal(got, want) {
		t.Fatalf("%s: the walk delivered %d rows, SELECT * has %d", what, rowset.Size(got), rowset.Size(want))
	}
}

// renumbering fails t unless this DuckDB renumbers rowids inside an open
// transaction when another connection checkpoints a table whose deletes
// were committed before it: the scenarios about pinning prove something
// only where it does. It checks on a database file of its own.
func renumbering(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "twin.duckdb"))
	fill(t, db, "twin", 0, 2*group)
	exec(t, db, `CHECKPOINT`)
	exec(t, db, fmt.Sprintf(`DELETE FROM twin WHERE id < %d`, group))
	other := conn(t, db)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	// Deleted rows before, the next group's after a renumbering.
	probe := fmt.Sprintf(`SELECT min(id) FROM twin WHERE rowid < %d`, group)
	var before, after sql.NullInt64
	if err := tx.QueryRow(probe).Scan(&before); err != nil {
		t.Fatal(err)
	}
	exec(t, other, `CHECKPOINT`)
	if err := tx.QueryRow(probe).Scan(&after); err != nil {
		t.Fatal(err)
	}
	if before == after {
		// DuckDB 2.0.0 keeps the rowids here: it drops the wholly deleted
		// first group without renumbering the next (measured 2026-12-07;
		// TestCheckpointDuringWalk still sees 2.0 renumber after a partial
		// delete). The scenario has nothing to pin against there.
		var v string
		if err := db.QueryRow(`SELECT version()`).Scan(&v); err == nil && strings.HasPrefix(v, "v2.") {
			t.Skipf("DuckDB %s did not renumber rowids inside a transaction after another connection's CHECKPOINT (min id %v before and after): the scenario has nothing to prove on it", v, before)
		}
		t.Fatalf("another connection's CHECKPOINT did not renumber rowids inside a transaction (min id %v before and after): the scenario proves nothing on this DuckDB", before)
	}
}

// files returns the paths of two database files in a new directory: the
// first's default catalog is w, the second's ro.
func files(t *testing.T) (w, ro string) {
	dir := t.TempDir()
	return filepath.Join(dir, "w.duckdb"), filepath.Join(dir, "ro.duckdb")
}
