package safety

import (
	"context"
	"fmt"
	"testing"

	"github.com/rowalign/rowalign/runtime/pager"
)

// SearchPath is the regression scenario for a silent row loss through
// search_path (issue 16): the walk's connection has a read-only database as
// its current one (USE ro) and finds only_w in the writable w through
// search_path. The pin used to ask whether the current database was
// read-only, so it pinned nothing, and another connection's CHECKPOINT after
// page 0 renumbered the rows: 192,800 of 315,680 rows delivered, no error
// (DuckDB 1.5.6 and 1.1.3). The walk must deliver exactly SELECT *.
func SearchPath(t *testing.T) {
	renumbering(t)
	ctx := context.Background()
	wPath, roPath := files(t)
	ro := open(t, roPath)
	exec(t, ro, `CREATE TABLE other (x INTEGER)`)
	ro.Close()
	db := open(t, wPath)
	fill(t, db, "only_w", 0, 3*group)
	exec(t, db, `CHECKPOINT`)
	exec(t, db, fmt.Sprintf(`DELETE FROM only_w WHERE id < %d`, group))
	walker := conn(t, db)
	exec(t, walker, fmt.Sprintf(`ATTACH '%s' AS ro (READ_ONLY)`, roPath))
	exec(t, walker, `USE ro`)
	exec(t, walker, `SET search_path = 'ro.main,w.main'`)
	other := conn(t, db)
	want := selectAll(t, walker, "only_w")
	var ckptErr error
	got := walk(t, walker, "only_w", func(i int) {
		if i == 0 {
			// DuckDB 1.1.3 refuses it while the walk pins the table.
			_, ckptErr = other.ExecContext(ctx, `CHECKPOINT`)
		}
	})
	if got.err != nil {
		t.Fatal(got.err)
	}
	same(t, fmt.Sprintf("only_w through search_path (other connection's CHECKPOINT: %v)", ckptErr), got.rows, want)
}

// SearchPathMirror: the current database is writable and the table is
// found through search_path in a database attached read-only. The walk used
// to pin in the current database's name, and DuckDB refused the DELETE on
// the read-only one; the walk must need no pin there and deliver SELECT *.
func SearchPathMirror(t *testing.T) {
	wPath, roPath := files(t)
	ro := open(t, roPath)
	fill(t, ro, "only_ro", 0, group+100)
	exec(t, ro, `DELETE FROM only_ro WHERE id % 7 = 0`)
	ro.Close()
	db := open(t, wPath)
	walker := conn(t, db)
	exec(t, walker, fmt.Sprintf(`ATTACH '%s' AS ro (READ_ONLY)`, roPath))
	exec(t, walker, `SET search_path = 'w.main,ro.main'`)
	want := selectAll(t, walker, "only_ro")
	got := walk(t, walker, "only_ro", nil)
	if got.err != nil {
		t.Fatal(got.err)
	}
	same(t, "only_ro through search_path", got.rows, want)
	// The same table under its full name: the cursor is accepted.
	r := walk(t, walker, "ro.main.only_ro", nil, pager.From(got.last))
	if r.err != nil || len(r.rows) != 0 {
		t.Fatalf("resume under the full name: %d rows, %v", len(r.rows), r.err)
	}
}
