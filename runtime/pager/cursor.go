package pager

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrStaleCursor reports that a cursor no longer fits its table: the number
// of rows below its position changed since it was taken (rows below it were
// deleted, or moved by an update or a checkpoint's compaction), so resuming
// there could skip or repeat rows. Start a new walk.
var ErrStaleCursor = errors.New("stale cursor: the rows below its position changed since it was taken")

// Cursor is a serialisable walk position, for walks that span transactions
// or processes: take one with [Page.Cursor], store its text form
// (MarshalText, String), and resume with [From].
//
// What a resumed walk guarantees. Within one walk (one transaction) rowids
// are stable (the walk pins them, see the package documentation) and the
// pages are exact. A resume must use the same table (under any name that
// resolves to it) and the same [Columns] and [Where], or it fails with
// [ErrCursorMismatch]. Across transactions a cursor is a
// rowid, and DuckDB keeps rowids stable while a table is only appended to:
// for such a table the resumed walk yields every row after the position
// exactly once, rows appended since the cursor was taken included. When rows
// are deleted or updated, DuckDB may renumber rowids at a checkpoint
// (compaction) and an update can move a row to a new rowid. The resumed walk
// checks the number of rows below the position and fails with
// [ErrStaleCursor] when it changed, which catches a deletion below the
// position and any row moving across it; it cannot catch changes that cancel
// out exactly (one row deleted below while another moves down across the
// position), nor changes above the position, which the resumed walk simply
// sees as they are. For an exact walk of a changing table, keep one walk.
type Cursor struct {
	// Table is the table name the walk was started with. A resume may name
	// the same table another way (t, main.t, "t", memory.main.t).
	Table string
	// Filter fingerprints the walk's [Columns] and [Where] (with its
	// arguments): a resume with other options is refused, since its
	// position and count were taken for what that walk read.
	Filter string
	// Next is the first rowid not yet walked. A cursor taken on the last
	// page points after the last row of its snapshot, so a resumed walk
	// yields the rows appended since.
	Next int64
	// Before is the number of rows with a rowid below Next when the cursor
	// was taken (all rows, the walk's Where filter is not applied).
	Before int64
	// Page is the index of the next page.
	Page int
}

// ErrCursorMismatch reports a resume whose table or options ([Columns],
// [Where] and its arguments) differ from those of the walk the cursor was
// taken on.
var ErrCursorMismatch = errors.New("the cursor was taken on another table or with other Columns or Where")

// cursorPrefix versions the text form. v1 (no Filter) is refused with a
// clear error.
const cursorPrefix = "pager.v2"

// String returns the text form, as MarshalText.
func (c Cursor) String() string {
	return fmt.Sprintf("%s:%d:%d:%d:%s:%s", cursorPrefix, c.Next, c.Before, c.Page, c.Filter, c.Table)
}

// MarshalText implements encoding.TextMarshaler.
func (c Cursor) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (c *Cursor) UnmarshalText(b []byte) error {
	if strings.HasPrefix(string(b), "pager.v1:") {
		return fmt.Errorf("pager: cursor %q was written by an older version of the pager, which did not record the walk's options; start a new walk", b)
	}
	f := strings.SplitN(string(b), ":", 6)
	if len(f) != 6 || f[0] != cursorPrefix {
		return fmt.Errorf("pager: %q is not a pager cursor", b)
	}
	var n [3]int64
	for i := range n {
		v, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil {
			return fmt.Errorf("pager: cursor %q: %w", b, err)
		}
		n[i] = v
	}
	if n[0] < 0 || n[1] < 0 || n[2] < 0 || f[4] == "" || f[5] == "" {
		return fmt.Errorf("pager: cursor %q is out of range", b)
	}
	*c = Cursor{Next: n[0], Before: n[1], Page: int(n[2]), Filter: f[4], Table: f[5]}
	return nil
}

// check verifies the cursor belongs to the table and options, and is not
// stale.
func (c *Cursor) check(ctx context.Context, tx Querier, n name, table, filter string) error {
	cn, err := parseName(c.Table)
	if err != nil {
		return err
	}
	same, err := sameTable(ctx, tx, cn, n)
	if err != nil {
		return err
	}
	if !same {
		return fmt.Errorf("pager: resume %s: %w (cursor's table %q)", table, ErrCursorMismatch, c.Table)
	}
	if c.Filter != filter {
		return fmt.Errorf("pager: resume %s: %w (the options' fingerprint is %s, the cursor's %s)", table, ErrCursorMismatch, filter, c.Filter)
	}
	if c.Next < 0 {
		return nil
	}
	var before int64
	if err := tx.QueryRowContext(ctx, fmt.Sprintf(`SELECT count(*) FROM %s WHERE rowid < %d`, n.sql(), c.Next)).Scan(&before); err != nil {
		return classify(n, err)
	}
	if before != c.Before {
		return fmt.Errorf("pager: resume %s at rowid %d: %w (%d rows then, %d now)", table, c.Next, ErrStaleCursor, c.Before, before)
	}
	return nil
}

// sameTable reports whether a and b name the same table (see resolve).
// Identifiers compare without case, as DuckDB's do.
func sameTable(ctx context.Context, tx Querier, a, b name) (bool, error) {
	if len(a.parts) == len(b.parts) {
		return equalFold(a.parts, b.parts), nil
	}
	fa, err := resolve(ctx, tx, a)
	if err != nil {
		return false, err
	}
	fb, err := resolve(ctx, tx, b)
	if err != nil {
		return false, err
	}
	return equalFold(fa, fb), nil
}

// resolve returns n as catalog, schema and table, filling in what the name
// leaves out the way DuckDB does: a one-part name is in the current
// database and schema; a two-part name x.t is in schema x of the current
// database when it has one, else in catalog x's schema main. (A temporary
// table that an unqualified name resolves to is taken as the current
// database's: a cursor resume is then refused, never wrongly accepted.)
func resolve(ctx context.Context, tx Querier, n name) ([]string, error) {
	if len(n.parts) == 3 {
		return n.parts, nil
	}
	var db, schema string
	if err := tx.QueryRowContext(ctx, `SELECT current_database(), current_schema()`).Scan(&db, &schema); err != nil {
		return nil, fmt.Errorf("pager: reading the current database: %w", oneLine(err))
	}
	if len(n.parts) == 1 {
		return []string{db, schema, n.parts[0]}, nil
	}
	var isSchema bool
	if err := tx.QueryRowContext(ctx, `SELECT count(*) > 0 FROM duckdb_schemas() WHERE database_name = ? AND lower(schema_name) = lower(?)`, db, n.parts[0]).Scan(&isSchema); err != nil {
		return nil, fmt.Errorf("pager: reading the schemas: %w", oneLine(err))
	}
	if isSchema {
		return []string{db, n.parts[0], n.parts[1]}, nil
	}
	return []string{n.parts[0], "main", n.parts[1]}, nil
}

func equalFold(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}
