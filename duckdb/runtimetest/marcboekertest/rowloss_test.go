package marcboekertest

import (
	"context"
	"database/sql"
	"errors"
	"maps"
	"path/filepath"
	"testing"

	"github.com/rowalign/rowalign/duckdb/runtimetest/internal/rowset"
	"github.com/rowalign/rowalign/runtime/pager"
)

// multiset adds every row of rows, all columns type-tagged, to m, and
// returns how many it added.
func multiset(t *testing.T, rows *sql.Rows, m map[string]int) int {
	t.Helper()
	n, err := rowset.Add(rows, m)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func exec(t *testing.T, q interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, query string) {
	t.Helper()
	if _, err := q.ExecContext(context.Background(), query); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// TestCheckpointDuringWalk: rows deleted before the walk, another
// connection's CHECKPOINT after its first page. On DuckDB 1.1.3 that
// checkpoint vacuums a file-backed table and renumbers the rowids inside
// the walk's transaction (an in-memory one is not vacuumed); the walk must
// deliver its snapshot exactly, or fail naming the cause.
func TestCheckpointDuringWalk(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("duckdb", filepath.Join(t.TempDir(), "x.duckdb"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	exec(t, db, `CREATE TABLE t AS SELECT range AS id, range::VARCHAR AS v FROM range(1000000)`)
	exec(t, db, `CHECKPOINT`)
	exec(t, db, `DELETE FROM t WHERE id < 245760`)
	want := map[string]int{}
	rows, err := db.Query(`SELECT * FROM t`)
	if err != nil {
		t.Fatal(err)
	}
	total := multiset(t, rows, want)
	rows.Close()
	other, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	got := map[string]int{}
	n := 0
	var ckptErr error
	for p, err := range pager.Pages(ctx, db, "t", pager.RowGroups(1)) {
		if err != nil {
			t.Fatalf("after %d rows: %v", n, err)
		}
		n += multiset(t, p.Rows, got)
		if p.Index == 0 {
			// DuckDB 1.1.3 refuses it while the walk pins its rowids
			// ("other write transactions active"); without the pin it ran
			// and renumbered.
			_, ckptErr = other.ExecContext(ctx, `CHECKPOINT`)
		}
	}
	if n != total || !maps.Equal(got, want) {
		t.Fatalf("walk delivered %d rows, the snapshot held %d (other connection's CHECKPOINT: %v)", n, total, ckptErr)
	}
	// After the walk the same checkpoint runs and vacuums.
	exec(t, other, `CHECKPOINT`)
	var stored int64
	if err := db.QueryRow(`SELECT max(rowid) + 1 FROM t`).Scan(&stored); err != nil || stored != int64(total) {
		t.Fatalf("after the walk, CHECKPOINT did not vacuum (max rowid + 1 = %d, %d rows; %v): the test proves nothing", stored, total, err)
	}
}

// TestRowidColumn: a column named rowid shadows DuckDB's row id.
func TestRowidColumn(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	exec(t, db, `CREATE TABLE t (rowid BIGINT, v VARCHAR)`)
	exec(t, db, `INSERT INTO t SELECT CASE WHEN range % 10 = 0 THEN NULL ELSE 1000000 + range END, range::VARCHAR FROM range(300000)`)
	n := 0
	var err2 error
	for p, e := range pager.Pages(context.Background(), db, "t", pager.RowGroups(1)) {
		if err2 = e; e != nil {
			break
		}
		n += multiset(t, p.Rows, map[string]int{})
	}
	if !errors.Is(err2, pager.ErrRowidColumn) || n != 0 {
		t.Fatalf("walk delivered %d of 300000 rows, error %v; want ErrRowidColumn", n, err2)
	}
}
