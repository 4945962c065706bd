package pager_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"testing"

	"github.com/rowalign/rowalign/duckdb/runtimetest/internal/rowset"
	"github.com/rowalign/rowalign/runtime/pager"
)

// multiset adds every row of rows, all columns type-tagged, to m.
func multiset(t testing.TB, rows *sql.Rows, m map[string]int) {
	t.Helper()
	if _, err := rowset.Add(rows, m); err != nil {
		t.Fatal(err)
	}
}

// selectAll returns the multiset of SELECT * FROM table on q.
func selectAll(t testing.TB, q pager.Querier, table string) map[string]int {
	t.Helper()
	rows, err := q.QueryContext(context.Background(), `SELECT * FROM `+table)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	m := map[string]int{}
	multiset(t, rows, m)
	return m
}

func size(m map[string]int) int { return rowset.Size(m) }

// TestCheckpointDuringWalk is the regression test for a silent row loss:
// rows deleted and committed before the walk began are vacuumed by another
// connection's CHECKPOINT during the walk, which renumbers the rowids after
// them inside the walk's transaction. The walk must still deliver exactly
// its snapshot's rows (or fail naming the cause; never fewer rows).
func TestCheckpointDuringWalk(t *testing.T) {
	for _, via := range []string{"db", "tx"} {
		for _, ckpt := range []string{"CHECKPOINT", "FORCE CHECKPOINT"} {
			t.Run(via+"/"+ckpt, func(t *testing.T) {
				ctx := context.Background()
				db := open(t, smallGroup)
				fill(t, db, "t", 20*smallGroup)
				fill(t, db, "u", 20*smallGroup)
				mustExec(t, db, `CHECKPOINT`)
				other, err := db.Conn(ctx)
				if err != nil {
					t.Fatal(err)
				}
				defer other.Close()
				// The test proves something only if this DuckDB renumbers:
				// show it on a twin table read in a plain transaction.
				mustExec(t, db, fmt.Sprintf(`DELETE FROM u WHERE id < %d`, 4*smallGroup))
				if !renumbers(t, db, other, "u", ckpt) {
					t.Fatalf("%s by another connection did not renumber rowids inside a transaction: the test proves nothing", ckpt)
				}
				// Committed before the walk: the snapshot does not hold them,
				// and a checkpoint may vacuum them.
				mustExec(t, db, fmt.Sprintf(`DELETE FROM t WHERE id < %d`, 4*smallGroup))
				want := selectAll(t, db, "t")
				var q pager.Querier = db
				if via == "tx" {
					tx, err := db.BeginTx(ctx, nil)
					if err != nil {
						t.Fatal(err)
					}
					defer tx.Rollback()
					q = tx
				}
				got := map[string]int{}
				var sizes []int
				var ckptErr error
				for p, err := range pager.Pages(ctx, q, "t", pager.RowGroups(1)) {
					if err != nil {
						t.Fatalf("after %d pages: %v", len(sizes), err)
					}
					n := size(got)
					multiset(t, p.Rows, got)
					sizes = append(sizes, size(got)-n)
					if p.Index == 0 {
						_, ckptErr = other.ExecContext(ctx, ckpt)
					}
				}
				if size(got) != size(want) || !maps.Equal(got, want) {
					t.Fatalf("walk delivered %d rows in pages %v, the snapshot held %d (other connection's %s: %v)", size(got), sizes, size(want), ckpt, ckptErr)
				}
				if ckptErr != nil {
					t.Fatalf("the other connection's %s failed: %v", ckpt, ckptErr)
				}
			})
		}
	}
}

// renumbers reports whether ckpt on other renumbers the rowids of table
// (whose deletes are committed) inside an open transaction on db.
func renumbers(t testing.TB, db *sql.DB, other *sql.Conn, table, ckpt string) bool {
	t.Helper()
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	q := `SELECT min(id) FROM ` + table + ` WHERE rowid >= 8192 AND rowid < 10240`
	var before, after sql.NullInt64
	if err := tx.QueryRow(q).Scan(&before); err != nil {
		t.Fatal(err)
	}
	if _, err := other.ExecContext(ctx, ckpt); err != nil {
		t.Fatal(err)
	}
	if err := tx.QueryRow(q).Scan(&after); err != nil {
		t.Fatal(err)
	}
	return before != after
}

// TestRowidColumn is the regression test for a silent row loss: a column of
// the table's own named rowid shadows DuckDB's row id in the page bounds.
// The walk must refuse the table with ErrRowidColumn.
func TestRowidColumn(t *testing.T) {
	ctx := context.Background()
	db := open(t, 0)
	for _, col := range []string{"rowid", "ROWID"} {
		mustExec(t, db, `CREATE OR REPLACE TABLE t (`+col+` BIGINT, v VARCHAR)`)
		mustExec(t, db, `INSERT INTO t SELECT CASE WHEN range % 10 = 0 THEN NULL ELSE 1000000 + range END, range::VARCHAR FROM range(300000)`)
		got := map[string]int{}
		var err error
		for p, e := range pager.Pages(ctx, db, "t", pager.RowGroups(1)) {
			if err = e; err != nil {
				break
			}
			multiset(t, p.Rows, got)
		}
		if !errors.Is(err, pager.ErrRowidColumn) {
			t.Fatalf("column %s: walk delivered %d of %d rows, error %v; want ErrRowidColumn", col, size(got), size(selectAll(t, db, "t")), err)
		}
		if size(got) != 0 {
			t.Fatalf("column %s: %d rows delivered before the error", col, size(got))
		}
	}
}

// TestReadOnly walks a database opened read-only, where the walk's pin
// (DELETE ... WHERE false) is refused: nobody can write such a database, so
// the walk needs none and must still deliver every row.
func TestReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ro.duckdb")
	rw, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	fill(t, rw, "t", 300000)
	mustExec(t, rw, `DELETE FROM t WHERE id % 3 = 0`)
	rw.Close()
	db, err := sql.Open("duckdb", path+"?access_mode=read_only")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	want := selectAll(t, db, "t")
	got := map[string]int{}
	for p, err := range pager.Pages(context.Background(), db, "t", pager.RowGroups(1)) {
		if err != nil {
			t.Fatal(err)
		}
		multiset(t, p.Rows, got)
	}
	if !maps.Equal(got, want) {
		t.Fatalf("walk delivered %d rows, the table has %d", size(got), size(want))
	}
}
