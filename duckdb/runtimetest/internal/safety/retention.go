package safety

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/rowalign/rowalign/runtime/pager"
)

// Retention is the regression scenario for a cursor that resumed into
// nothing (issue 16): walk a table to its end and keep the last cursor;
// a retention job deletes the oldest rows, checkpoints (which renumbers the
// rest) and appends as many. The count below the cursor is then the same as
// when it was taken, and the resume used to yield none of the appended rows,
// with no error. It must yield exactly the rows after the last one
// delivered, or fail with ErrStaleCursor. The scenario also resumes an
// unchanged table (nothing) and an appended one (exactly the appended rows).
func Retention(t *testing.T) {
	renumbering(t)
	const (
		// The numbers. The count below the cursor comes back to
		// what it was only when the checkpoint vacuums every deleted row:
		// with 150,000 of 300,000 deleted, DuckDB 1.5.6 and 1.1.3 left the
		// second group's 27,120 deleted rows in place, the count changed
		// and even the old check said ErrStaleCursor (2026-12-01).
		rows    = 500_000
		dropped = 200_000
	)
	db := open(t, filepath.Join(t.TempDir(), "events.duckdb"))
	fill(t, db, "events", 0, rows)
	exec(t, db, `CHECKPOINT`)
	w := walk(t, db, "events", nil)
	if w.err != nil {
		t.Fatal(w.err)
	}
	same(t, "events", w.rows, selectAll(t, db, "events"))
	if r := walk(t, db, "events", nil, pager.From(w.last)); r.err != nil || len(r.rows) != 0 {
		t.Fatalf("resume of an unchanged table: %d rows, %v; want none", len(r.rows), r.err)
	}

	exec(t, db, fmt.Sprintf(`DELETE FROM events WHERE id < %d`, dropped))
	exec(t, db, `CHECKPOINT`)
	exec(t, db, fmt.Sprintf(`INSERT INTO events SELECT %d + range, (%d + range)::VARCHAR FROM range(%d)`, rows, rows, dropped))
	var moved int64
	if err := db.QueryRow(fmt.Sprintf(`SELECT rowid FROM events WHERE id = %d`, dropped)).Scan(&moved); err != nil || moved == dropped {
		t.Fatalf("the checkpoint did not renumber (the oldest row kept is still at rowid %d, %v): the scenario proves nothing", moved, err)
	}
	r := walk(t, db, "events", nil, pager.From(w.last))
	t.Logf("resume after the retention job: %d rows, %v", len(r.rows), r.err)
	if !errors.Is(r.err, pager.ErrStaleCursor) {
		if r.err != nil {
			t.Fatal(r.err)
		}
		same(t, "resume after the retention job", r.rows, selectAll(t, db, fmt.Sprintf(`events WHERE id >= %d`, rows)))
	}

	// Appends alone keep the rowids: the resume yields exactly them.
	fill(t, db, "logs", 0, 2*group+100)
	w = walk(t, db, "logs", nil)
	if w.err != nil {
		t.Fatal(w.err)
	}
	exec(t, db, `INSERT INTO logs SELECT 1000000 + range, 'late' FROM range(5000)`)
	exec(t, db, `CHECKPOINT`)
	r = walk(t, db, "logs", nil, pager.From(w.last))
	if r.err != nil {
		t.Fatal(r.err)
	}
	same(t, "resume after appends", r.rows, selectAll(t, db, `logs WHERE id >= 1000000`))
}
