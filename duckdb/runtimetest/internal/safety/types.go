package safety

import (
	"context"
	"testing"

	"github.com/rowalign/rowalign/runtime/pager"
)

// CursorTypes takes and resumes a cursor on a table with a column of every
// kind DuckDB 1.1.3 and 1.5.6 share (nested, enum, union, blob, interval,
// decimal, uuid, bit, a NULL column): the cursor hashes the last row below
// its position with DuckDB's hash(), which must accept them all.
func CursorTypes(t *testing.T) {
	db := open(t, "")
	exec(t, db, `CREATE TYPE mood AS ENUM ('a', 'b')`)
	exec(t, db, `CREATE TABLE x AS SELECT range AS id, [range, 2] AS l, {'a': range} AS s, MAP {'k': range} AS m,
		union_value(n := range::INT)::UNION(n INT, s VARCHAR) AS u, [1, 2, 3]::INTEGER[3] AS a, 'a'::mood AS e,
		'xy'::BLOB AS b, INTERVAL 1 DAY AS i, 1.5::DECIMAL(30,2) AS d, gen_random_uuid() AS g, NULL AS z,
		1::HUGEINT AS h, [{'q': [MAP {'k': 1}]}] AS deep, 'x'::VARCHAR COLLATE nocase AS coll,
		TIMESTAMPTZ '2020-01-01' AS tz, '101'::BIT AS bits FROM range(5000)`)
	// The walk reads id only (marcboeker/go-duckdb cannot scan a UNION);
	// the cursor hashes every column all the same.
	w := walk(t, db, "x", nil, pager.Columns("id"))
	if w.err != nil {
		t.Fatal(w.err)
	}
	exec(t, db, `INSERT INTO x (id) SELECT 5000 + range FROM range(10)`)
	if r := walk(t, db, "x", nil, pager.Columns("id"), pager.From(w.last)); r.err != nil || len(r.rows) != 10 {
		t.Fatalf("resume: %d rows, %v; want the 10 appended", len(r.rows), r.err)
	}
	if _, err := pager.Copy(context.Background(), db, "x", "x", pager.Columns("id"), pager.From(w.last)); err != nil {
		t.Fatal(err)
	}
}
