package safety

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/runtime/pager"
)

// CopyColumns is the regression scenario for Copy's columns (issue 16):
// two identical tables with a generated column failed with "Cannot insert
// into a generated column", and a DOUBLE column copied into an INTEGER one
// of the same name was rounded without an error. Generated columns of the
// destination must be left out (it computes them), a column with a plain
// default still copied, and columns of other types refused with ErrColumns
// naming the column unless the caller passes Cast.
func CopyColumns(t *testing.T) {
	ctx := context.Background()
	db := open(t, "")
	for _, name := range []string{"g1", "g2"} {
		exec(t, db, `CREATE TABLE `+name+` (a INTEGER, b INTEGER GENERATED ALWAYS AS (a * 2) VIRTUAL, c INTEGER DEFAULT 7, "we ""ird" VARCHAR)`)
	}
	exec(t, db, `INSERT INTO g1 (a, c, "we ""ird") SELECT range, range % 3, range::VARCHAR FROM range(3000)`)
	if n, err := pager.Copy(ctx, db, "g1", "g2"); err != nil || n != 3000 {
		t.Fatalf("copy of a table with a generated column: %d rows, %v", n, err)
	}
	if got, want := selectAll(t, db, "g2"), selectAll(t, db, "g1"); !maps.Equal(got, want) {
		t.Fatal("the copy of a table with a generated column differs from its source")
	}
	if _, err := pager.Copy(ctx, db, "g1", "g2", pager.Columns("a", "b")); !errors.Is(err, pager.ErrColumns) || !strings.Contains(err.Error(), `"b"`) {
		t.Fatalf("Columns naming the destination's generated column: %v; want ErrColumns naming \"b\"", err)
	}

	exec(t, db, `CREATE TABLE f (id BIGINT, x DOUBLE)`)
	exec(t, db, `CREATE TABLE i (id BIGINT, x INTEGER)`)
	exec(t, db, `INSERT INTO f SELECT range, range + 0.5 FROM range(3000)`)
	for _, opts := range [][]pager.Option{nil, {pager.Columns("id", "x")}, {pager.Where("id < ?", 10)}} {
		n, err := pager.Copy(ctx, db, "f", "i", opts...)
		if !errors.Is(err, pager.ErrColumns) || !strings.Contains(err.Error(), `"x"`) || !strings.Contains(err.Error(), "DOUBLE") {
			t.Fatalf("DOUBLE into INTEGER: %d rows, %v; want ErrColumns naming \"x\" and its types", n, err)
		}
	}
	if n, err := pager.Copy(ctx, db, "f", "i", pager.Columns("id")); err != nil || n != 3000 {
		t.Fatalf("copy of the column of the same type only: %d rows, %v", n, err)
	}
	exec(t, db, `DELETE FROM i`)
	if n, err := pager.Copy(ctx, db, "f", "i", pager.Cast()); err != nil || n != 3000 {
		t.Fatalf("copy with Cast: %d rows, %v", n, err)
	}
	if got, want := selectAll(t, db, "i"), selectAll(t, db, "(SELECT id, x::INTEGER AS x FROM f)"); !maps.Equal(got, want) {
		t.Fatal("the copy with Cast is not DuckDB's cast of the source")
	}

	// A resumed copy pins the source with a write; DuckDB lets a
	// transaction write one database: into another one it is refused
	// clearly, and nothing is written.
	exec(t, db, `ATTACH ':memory:' AS b`)
	exec(t, db, `CREATE TABLE b.main.f (id BIGINT, x DOUBLE)`)
	var from pager.Cursor
	for p, err := range pager.Pages(ctx, db, "f") {
		if err != nil {
			t.Fatal(err)
		}
		if from, err = p.Cursor(); err != nil {
			t.Fatal(err)
		}
	}
	exec(t, db, `INSERT INTO f SELECT 5000 + range, 0.5 FROM range(10)`)
	if n, err := pager.Copy(ctx, db, "f", "b.f", pager.From(from)); err == nil || !strings.Contains(err.Error(), "one database") {
		t.Fatalf("resumed copy into another database: %d rows, %v; want the one-database error", n, err)
	}
	if n, err := pager.Copy(ctx, db, "f", "b.f"); err != nil || n != 3010 {
		t.Fatalf("copy into another database: %d rows, %v", n, err)
	}
	if n, err := pager.Copy(ctx, db, "f", "f_rest", pager.From(from)); !errors.Is(err, pager.ErrNoTable) {
		t.Fatalf("resumed copy into a missing table: %d rows, %v", n, err)
	}
	exec(t, db, `CREATE TABLE f_rest AS SELECT * FROM f LIMIT 0`)
	if n, err := pager.Copy(ctx, db, "f", "f_rest", pager.From(from)); err != nil || n != 10 {
		t.Fatalf("resumed copy: %d rows, %v; want the 10 appended", n, err)
	}
}
