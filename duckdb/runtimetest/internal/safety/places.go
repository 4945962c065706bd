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

// Places is the regression scenario for issue 34: on DuckDB 2.0.0 every
// walk of a name that several tables share (s.t beside main.t, t in an
// attached file, a temporary t shadowing main.t) and every Copy into a
// table with a generated column failed with "Current transaction is
// aborted": the pager asked DuckDB's binder by running statements that may
// fail, which 1.1 and 1.5 forgive and 2.0 aborts the transaction on. Each
// walk must deliver exactly SELECT * of the table the name binds to, a
// resume exactly the rest, a Copy exactly its source; run inside a
// caller's *sql.Tx, the pager must leave that transaction usable (no
// statement of the pager fails on a good name).
func Places(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := open(t, filepath.Join(dir, "w.duckdb"))
	c := conn(t, db)
	exec(t, c, fmt.Sprintf(`ATTACH '%s' AS f`, filepath.Join(dir, "f.duckdb")))
	exec(t, c, fmt.Sprintf(`ATTACH '%s' AS g`, filepath.Join(dir, "g.duckdb")))
	exec(t, c, `CREATE SCHEMA s`)
	// Four tables named t, each with other rows: main.t, s.t, f.main.t and
	// a temporary t that shadows main.t on c.
	fill(t, c, "main.t", 0, group+3000)
	fill(t, c, "s.t", 1_000_000, 2*group+17)
	fill(t, c, "f.main.t", 2_000_000, group+5)
	exec(t, c, `CREATE TEMP TABLE t AS SELECT (3000000 + range)::BIGINT AS id, range::VARCHAR AS v FROM range(2500)`)

	// Each name as DuckDB binds it on c: the walk must read that table.
	for _, name := range []string{"t", "main.t", "w.main.t", "w.t", "s.t", "w.s.t", "f.t", "f.main.t", "temp.t", "temp.main.t"} {
		want := selectAll(t, c, name)
		w := walk(t, c, name, nil)
		if w.err != nil {
			t.Fatalf("walk of %s on a Conn: %v", name, w.err)
		}
		same(t, name+" on a Conn", w.rows, want)
		inTx(t, c, name, func(tx *sql.Tx) {
			w := walk(t, tx, name, nil)
			if w.err != nil {
				t.Fatalf("walk of %s in a caller's Tx: %v", name, w.err)
			}
			same(t, name+" in a caller's Tx", w.rows, want)
		})
	}

	// A resume over the temporary table and over s.t: exactly the rows
	// after the first page.
	for _, name := range []string{"t", "s.t"} {
		var first pager.Cursor
		var before map[string]int
		for p, err := range pager.Pages(ctx, c, name, pager.RowGroups(1)) {
			if err != nil {
				t.Fatalf("walk of %s: %v", name, err)
			}
			m := map[string]int{}
			if _, err := rowset.Add(p.Rows, m); err != nil {
				t.Fatal(err)
			}
			if first, err = p.Cursor(); err != nil {
				t.Fatal(err)
			}
			before = m
			break
		}
		exec(t, c, fmt.Sprintf(`INSERT INTO %s SELECT 9000000 + range, 'appended' FROM range(10)`, name))
		want := selectAll(t, c, name)
		for k, n := range before {
			if want[k] -= n; want[k] == 0 {
				delete(want, k)
			}
		}
		inTx(t, c, name, func(tx *sql.Tx) {
			r := walk(t, tx, name, nil, pager.From(first))
			if r.err != nil {
				t.Fatalf("resume of %s in a caller's Tx: %v", name, r.err)
			}
			same(t, "resume of "+name, r.rows, want)
		})
	}

	// Copies: into a table with a generated column in another schema, and
	// into another file, each exactly its source.
	exec(t, c, `CREATE TABLE s.gen (id BIGINT, v VARCHAR, twice BIGINT GENERATED ALWAYS AS (id * 2) VIRTUAL)`)
	exec(t, c, `CREATE TABLE g.main.t (id BIGINT, v VARCHAR)`)
	for _, cp := range []struct{ src, dst, dstRows string }{
		{"s.t", "s.gen", "(SELECT id, v FROM s.gen)"},
		{"t", "g.t", "g.main.t"},
		{"f.t", "main.t", ""},
	} {
		want := selectAll(t, c, cp.src)
		if cp.dstRows == "" {
			// Into a table that has rows: the source's on top of them.
			cp.dstRows = cp.dst
			for k, n := range selectAll(t, c, cp.dst) {
				want[k] += n
			}
		}
		inTx(t, c, cp.dst, func(tx *sql.Tx) {
			n, err := pager.Copy(ctx, tx, cp.src, cp.dst)
			if err != nil {
				t.Fatalf("copy %s to %s in a caller's Tx: %v", cp.src, cp.dst, err)
			}
			if got := selectAll(t, tx, cp.dstRows); !maps.Equal(got, want) || n != int64(rowset.Size(selectAll(t, tx, cp.src))) {
				t.Fatalf("copy %s to %s: %d rows copied, the destination holds %d rows, want %d", cp.src, cp.dst, n, rowset.Size(got), rowset.Size(want))
			}
		})
	}
	if got, want := selectAll(t, c, "(SELECT id * 2 AS x FROM s.gen)"), selectAll(t, c, "(SELECT twice AS x FROM s.gen)"); !maps.Equal(got, want) {
		t.Fatal("the generated column of the copy is not computed from the copied rows")
	}
}

// inTx runs fn in a transaction of c's, then checks that the transaction
// is still usable (DuckDB 2.0 aborts it on any failed statement) and rolls
// it back.
func inTx(t *testing.T, c *sql.Conn, what string, fn func(*sql.Tx)) {
	t.Helper()
	tx, err := c.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	fn(tx)
	var one int
	if err := tx.QueryRow(`SELECT 1`).Scan(&one); err != nil {
		t.Fatalf("%s: the caller's transaction is unusable after the pager's statements: %v", what, err)
	}
}

// Aborted: in a caller's transaction that a statement of the caller's
// aborted (a duplicate primary key), the walk and Copy fail with DuckDB's
// abort, and their error says that the statement that failed first is
// the caller's: the pager runs none that fails before its first error.
func Aborted(t *testing.T) {
	ctx := context.Background()
	db := open(t, "")
	c := conn(t, db)
	exec(t, c, `CREATE TABLE k (id BIGINT PRIMARY KEY)`)
	exec(t, c, `CREATE TABLE k2 (id BIGINT)`)
	exec(t, c, `INSERT INTO k VALUES (1)`)
	tx, err := c.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO k VALUES (1)`); err == nil {
		t.Fatal("a duplicate primary key was accepted")
	}
	var one int
	if tx.QueryRow(`SELECT 1`).Scan(&one) == nil {
		t.Skip("this DuckDB did not abort the transaction on a constraint violation")
	}
	const said = "an earlier statement in this transaction, not the pager's, failed"
	if w := walk(t, tx, "k", nil); w.err == nil || !strings.Contains(w.err.Error(), said) {
		t.Errorf("walk in an aborted transaction: %d rows, error %v; want one saying %q", rowset.Size(w.rows), w.err, said)
	}
	if n, err := pager.Copy(ctx, tx, "k", "k2"); err == nil || !strings.Contains(err.Error(), said) {
		t.Errorf("Copy in an aborted transaction: %d rows, error %v; want one saying %q", n, err, said)
	}
}
