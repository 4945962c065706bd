package storage

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"
)

// TestCopyInParts: a damaged table (a partial group mid-table, deleted
// rows) copied in three parts at once, one thread each, comes out in
// whole groups, in the original order, with every row.
func TestCopyInParts(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src.duckdb"), filepath.Join(dir, "dst.duckdb")
	db, conn, closeConn, err := memoryDB(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer closeConn()
	run := func(stmts ...string) {
		t.Helper()
		for _, s := range stmts {
			if _, err := conn.ExecContext(ctx, s); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
		}
	}
	run(`ATTACH '`+src+`' AS src`, `CREATE TABLE src.t (id BIGINT PRIMARY KEY, s VARCHAR)`,
		`CREATE TABLE src.own (rowid BIGINT, x BIGINT)`, `INSERT INTO src.own SELECT i, i FROM range(300000) r(i)`)
	// Commits of 150,000 rows leave a partial group mid-table (DuckDB
	// 1.5.6: 122,880 x 2, 54,240, 122,880, 77,120).
	for lo := 0; lo < 500_000; lo += 150_000 {
		run(fmt.Sprintf(`INSERT INTO src.t SELECT i, 'row ' || i FROM range(%d, %d) r(i)`, lo, min(lo+150_000, 500_000)))
	}
	run(`DELETE FROM src.t WHERE id % 1000 = 0`, `CHECKPOINT src`, `DETACH src`,
		`ATTACH '`+src+`' AS src (READ_ONLY)`, `ATTACH '`+dst+`' AS dst`, `COPY FROM DATABASE src TO dst (SCHEMA)`)
	r, err := Audit(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	var tables []Table
	for _, tb := range r.Tables {
		if tb.Database == "src" {
			tables = append(tables, tb)
		}
	}
	run(`SET threads = 1`)
	cp := &copier{db: db, conn: conn, parts: 3}
	for _, tb := range tables {
		if tb.Table == "t" && (tb.Partial == 0 || tb.Deleted == 0) {
			t.Fatalf("the source is not damaged: groups %v, %d deleted", tb.GroupRows, tb.Deleted)
		}
		to := tb.Name
		to.Database = "dst"
		if err := cp.copyTable(ctx, tb, to, cp.partsFor(tb)); err != nil {
			t.Fatal(err)
		}
	}
	run(`SET threads = 2`, `CHECKPOINT dst`)
	if r, err = Audit(ctx, conn); err != nil {
		t.Fatal(err)
	}
	for _, tb := range r.Tables {
		if tb.Database != "dst" {
			continue
		}
		if tb.Partial != 0 || tb.Deleted != 0 {
			t.Errorf("%s: groups %v, want whole groups and no deleted rows", tb.Name, tb.GroupRows)
		}
		from := tb.Name
		from.Database = "src"
		a, err := Checksum(ctx, conn, from.SQL(), tb.Columns)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Checksum(ctx, conn, tb.Name.SQL(), tb.Columns)
		if err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Errorf("%s: copied %s, the original has %s", tb.Name, b, a)
		}
	}
	// The order: the n-th row of the copy is the n-th of the original.
	var moved int64
	if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM
		(SELECT id, row_number() OVER (ORDER BY rowid) AS n FROM src.t) a JOIN
		(SELECT id, row_number() OVER (ORDER BY rowid) AS n FROM dst.t) b USING (n) WHERE a.id <> b.id`).Scan(&moved); err != nil || moved != 0 {
		t.Errorf("%d rows out of order (%v)", moved, err)
	}
	bounds, err := partBounds(ctx, conn, "src.t", 3)
	if err != nil || len(bounds) != 2 {
		t.Fatalf("bounds %v, %v: want 2", bounds, err)
	}
	// Each range's live rows are a whole number of groups.
	for i, b := range bounds {
		var n int64
		conn.QueryRowContext(ctx, fmt.Sprintf(`SELECT count(*) FROM src.t WHERE rowid >= %d AND rowid < %d`, lowBound(bounds, i), b)).Scan(&n)
		if n%DefaultRowGroupRows != 0 || n == 0 {
			t.Errorf("range %d before rowid %d holds %d live rows, not whole groups", i, b, n)
		}
	}
	if !slices.IsSorted(bounds) {
		t.Errorf("bounds %v not in order", bounds)
	}
}
