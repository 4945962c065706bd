package safety

import (
	"errors"
	"testing"

	"github.com/rowalign/rowalign/runtime/pager"
)

// TempShadow: a temporary table t shadows the database's t for unqualified
// names. A cursor taken on the temporary t used to be accepted for main.t
// (both filled in with the current database); it must be refused there, and
// on another connection, where t is the database's, and accepted under the
// temporary table's other names.
func TempShadow(t *testing.T) {
	db := open(t, "")
	c := conn(t, db)
	fill(t, c, "t", 0, 3000)
	exec(t, c, `CREATE TEMP TABLE t AS SELECT (100000 + range)::BIGINT AS id, 'temp' AS v FROM range(500)`)
	w := walk(t, c, "t", nil)
	if w.err != nil {
		t.Fatal(w.err)
	}
	same(t, "t (the temporary table)", w.rows, selectAll(t, c, "temp.main.t"))
	// DuckDB binds main.t to the temporary table too on this connection
	// (schema main is searched in the temp catalog first), memory.main.t
	// to the database's, and so do the walks.
	for _, name := range []string{"main.t", "memory.main.t"} {
		m := walk(t, c, name, nil)
		if m.err != nil {
			t.Fatal(m.err)
		}
		same(t, name, m.rows, selectAll(t, c, name))
	}
	refused := []string{"memory.t", "memory.main.t"}
	accepted := []string{"t", "temp.t", "temp.main.t", `"TEMP"."MAIN"."T"`}
	if n := len(selectAll(t, c, "main.t")); n == 500 {
		accepted = append(accepted, "main.t")
	} else {
		refused = append(refused, "main.t")
	}
	for _, name := range refused {
		if r := walk(t, c, name, nil, pager.From(w.last)); !errors.Is(r.err, pager.ErrCursorMismatch) {
			t.Errorf("cursor of the temporary t resumed on %s: %d rows, error %v; want ErrCursorMismatch", name, len(r.rows), r.err)
		}
	}
	// Another connection has no temporary t: its t is the database's.
	for _, name := range []string{"t", "main.t"} {
		if r := walk(t, conn(t, db), name, nil, pager.From(w.last)); !errors.Is(r.err, pager.ErrCursorMismatch) {
			t.Errorf("cursor of the temporary t resumed on another connection's %s: %d rows, error %v; want ErrCursorMismatch", name, len(r.rows), r.err)
		}
	}
	for _, name := range accepted {
		if r := walk(t, c, name, nil, pager.From(w.last)); r.err != nil || len(r.rows) != 0 {
			t.Errorf("cursor of the temporary t resumed on %s: %d rows, error %v; want none", name, len(r.rows), r.err)
		}
	}
}
