package safety

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/duckdb/runtimetest/internal/rowset"
	"github.com/rowalign/rowalign/runtime/pager"
)

// OddNames walks tables whose names need quoting (a space, a dot, mixed
// case, a schema of their own, a catalog-qualified name) after rows were
// deleted, with another connection's CHECKPOINT after the first page, and
// resumes and copies each; a name with a double quote and missing tables
// get their errors, never a panic or a partial walk.
func OddNames(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "odd.duckdb"))
	exec(t, db, `CREATE SCHEMA "my schema"`)
	other := conn(t, db)
	for i, name := range []string{
		pager.Ident("sp ace"),
		pager.Ident("dot.ted"),
		pager.Ident("my schema", "MiXed"),
		pager.Ident("odd", "my schema", "t"),
		pager.Ident("Ünïcode täble"),
	} {
		fill(t, db, name, 0, group+5000)
		exec(t, db, `CHECKPOINT`)
		exec(t, db, fmt.Sprintf(`DELETE FROM %s WHERE id < %d`, name, group/2))
		want := selectAll(t, db, name)
		got := map[string]int{}
		var mid pager.Cursor
		for p, err := range pager.Pages(ctx, db, name, pager.RowGroups(1)) {
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if _, err := rowset.Add(p.Rows, got); err != nil {
				t.Fatal(err)
			}
			if p.Index == 0 {
				if mid, err = p.Cursor(); err != nil {
					t.Fatal(err)
				}
				other.ExecContext(ctx, `CHECKPOINT`) // refused by DuckDB 1.1.3 during the walk
			}
		}
		same(t, name, got, want)
		rest := walk(t, db, name, func(int) { other.ExecContext(ctx, `CHECKPOINT`) }, pager.From(mid))
		if rest.err != nil {
			t.Fatalf("%s: %v", name, rest.err)
		}
		if n := rowset.Size(rest.rows); n != rowset.Size(want)-(group-group/2) {
			t.Fatalf("%s: resumed after the first page: %d rows", name, n)
		}
		twin := pager.Ident(fmt.Sprintf("twin %d", i))
		exec(t, db, `CREATE TABLE `+twin+` AS SELECT * FROM `+name+` LIMIT 0`)
		if _, err := pager.Copy(ctx, db, name, twin); err != nil {
			t.Fatalf("copy %s: %v", name, err)
		}
		same(t, "copy of "+name, selectAll(t, db, twin), want)
	}

	// pragma_storage_info cannot look up a name with a double quote: walks
	// refuse it clearly; Copy does not need its row groups.
	quoted := pager.Ident(`we"ird`)
	fill(t, db, quoted, 0, 1000)
	if w := walk(t, db, quoted, nil); w.err == nil || !strings.Contains(w.err.Error(), "double quote") || len(w.rows) != 0 {
		t.Fatalf("walk of %s: %d rows, %v; want the double-quote error", quoted, len(w.rows), w.err)
	}
	exec(t, db, `CREATE TABLE "we""ird copy" AS SELECT * FROM `+quoted+` LIMIT 0`)
	if n, err := pager.Copy(ctx, db, quoted, `"we""ird copy"`); err != nil || n != 1000 {
		t.Fatalf("copy of %s: %d rows, %v", quoted, n, err)
	}

	// A view whose table is gone is still a view.
	exec(t, db, `CREATE TABLE gone (x INTEGER)`)
	exec(t, db, `CREATE VIEW broken AS SELECT * FROM gone`)
	exec(t, db, `DROP TABLE gone`)
	for _, name := range []string{"broken", "main.broken", "odd.main.broken"} {
		if _, err := pager.Inspect(ctx, db, name); !errors.Is(err, pager.ErrNotTable) || errors.Is(err, pager.ErrNoTable) {
			t.Errorf("Inspect %s (a view whose table was dropped): %v; want ErrNotTable", name, err)
		}
	}
	for _, missing := range []string{"nope", "main.nope", "odd.main.nope", "nosuchdb.main.t", `"sp ace".x`, "nosuchdb.broken"} {
		errs := map[string]error{
			"Pages": walk(t, db, missing, nil).err,
			"Walk":  pager.Walk(ctx, db, missing, func(*pager.Page) error { return nil }),
		}
		_, errs["Copy from"] = pager.Copy(ctx, db, missing, pager.Ident("twin 0"))
		_, errs["Copy to"] = pager.Copy(ctx, db, pager.Ident("twin 0"), missing)
		_, errs["Inspect"] = pager.Inspect(ctx, db, missing)
		for what, err := range errs {
			if !errors.Is(err, pager.ErrNoTable) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%s %s: %v; want ErrNoTable on one line", what, missing, err)
			}
		}
	}
	other.Close()
	if s := db.Stats(); s.InUse != 0 {
		t.Fatalf("%d connections still in use", s.InUse)
	}
	if !maps.Equal(selectAll(t, db, pager.Ident("twin 0")), selectAll(t, db, pager.Ident("sp ace"))) {
		t.Fatal("a failed copy changed its destination")
	}
}
