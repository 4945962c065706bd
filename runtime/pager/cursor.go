package pager

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrStaleCursor reports that a cursor no longer fits its table: the rows
// below its position changed since it was taken (rows below it were
// deleted, or renumbered by a checkpoint's compaction, or moved by an
// update), so resuming there could skip or repeat rows. Start a new walk.
var ErrStaleCursor = errors.New("stale cursor: the rows below its position changed since it was taken")

// Cursor is a serialisable walk position, for walks that span transactions
// or processes: take one with [Page.Cursor], store its text form
// (MarshalText, String), and resume with [From].
//
// What a resumed walk guarantees. Within one walk (one transaction) rowids
// are stable (the walk pins them, see the package documentation) and the
// pages are exact. A resume must read the same table (the one DuckDB binds
// the resume's name to must be the cursor's, catalog and schema included)
// with the same [Columns] and [Where], or it fails with [ErrCursorMismatch].
// Across transactions a cursor is a rowid, and DuckDB keeps rowids stable
// while a table is only appended to: the resumed walk then yields every row
// after the position exactly once, rows appended since the cursor was taken
// included. When rows are deleted, a checkpoint may renumber the rows after
// them (DuckDB compacts row groups with deletions), and an update can move a
// row to a new rowid. So a cursor also records the number of rows below its
// position, the rowid of the last of them and a hash of that row's values;
// the resume checks all three and fails with [ErrStaleCursor] when one
// changed. That catches a deletion below the position, any row moving across
// it, and a renumbering even when appends restored the count (a retention
// job that deletes the oldest rows, checkpoints and appends as many): the
// row then found at the recorded rowid is another one. It cannot catch a
// renumbering that puts a row with exactly the same values at that rowid
// while the count below stays the same (a table of duplicate rows), nor does
// it hide changes above the position, which the resumed walk simply sees as
// they are. For an exact walk of a changing table, keep one walk.
type Cursor struct {
	// Table is the table the walk read, as a quoted catalog.schema.table
	// name (see [Ident]) with the catalog DuckDB bound the walk's name to:
	// "memory"."main"."t" for t in an in-memory database, "temp"."main"."t"
	// for a temporary table t.
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
	// Last is the rowid of the last row below Next (-1 when there is none),
	// and Hash DuckDB's hash of that row's columns (all of them, in the
	// table's order): a renumbering puts another row at Last.
	Last int64
	Hash uint64
	// Page is the index of the next page.
	Page int
}

// ErrCursorMismatch reports a resume whose table or options ([Columns],
// [Where] and its arguments) differ from those of the walk the cursor was
// taken on.
var ErrCursorMismatch = errors.New("the cursor was taken on another table or with other Columns or Where")

// cursorPrefix versions the text form. v1 (no Filter) and v2 (no Last and
// Hash, a table name as given) are refused with a clear error.
const cursorPrefix = "pager.v3"

// String returns the text form, as MarshalText.
func (c Cursor) String() string {
	return fmt.Sprintf("%s:%d:%d:%d:%d:%d:%s:%s", cursorPrefix, c.Next, c.Before, c.Page, c.Last, c.Hash, c.Filter, c.Table)
}

// MarshalText implements encoding.TextMarshaler.
func (c Cursor) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (c *Cursor) UnmarshalText(b []byte) error {
	if strings.HasPrefix(string(b), "pager.v1:") || strings.HasPrefix(string(b), "pager.v2:") {
		return fmt.Errorf("pager: cursor %q was written by an older version of the pager, which could not tell a renumbered table from an unchanged one; start a new walk", b)
	}
	f := strings.SplitN(string(b), ":", 8)
	if len(f) != 8 || f[0] != cursorPrefix {
		return fmt.Errorf("pager: %q is not a pager cursor", b)
	}
	var n [4]int64
	for i := range n {
		v, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil {
			return fmt.Errorf("pager: cursor %q: %w", b, err)
		}
		n[i] = v
	}
	h, err := strconv.ParseUint(f[5], 10, 64)
	if err != nil {
		return fmt.Errorf("pager: cursor %q: %w", b, err)
	}
	if n[0] < 0 || n[1] < 0 || n[2] < 0 || n[3] < -1 || n[3] >= n[0] || f[6] == "" || f[7] == "" {
		return fmt.Errorf("pager: cursor %q is out of range", b)
	}
	if tn, err := parseName(f[7]); err != nil || len(tn.parts) != 3 {
		return fmt.Errorf("pager: cursor %q: its table is not a catalog.schema.table name", b)
	}
	*c = Cursor{Next: n[0], Before: n[1], Page: int(n[2]), Last: n[3], Hash: h, Filter: f[6], Table: f[7]}
	return nil
}

// mark reads what a cursor at rowid next records of table n (resolved,
// with columns cols): the rows below next, the last of their rowids (-1
// when none) and that row's hash.
func mark(ctx context.Context, tx Querier, n name, cols []string, next int64) (before, last int64, hash uint64, err error) {
	if err := tx.QueryRowContext(ctx, fmt.Sprintf(`SELECT count(*), coalesce(max(rowid), -1) FROM %s WHERE rowid < %d`, n.sql(), next)).Scan(&before, &last); err != nil {
		return 0, 0, 0, err
	}
	if last < 0 {
		return before, last, 0, nil
	}
	// VARCHAR: both drivers scan it the same way. The hash is DuckDB's: a
	// cursor resumed on another DuckDB version whose hash differs is
	// refused as stale, never wrongly accepted.
	var h string
	if err := tx.QueryRowContext(ctx, fmt.Sprintf(`SELECT hash(%s)::VARCHAR FROM %s WHERE rowid = %d`, quoteList(cols), n.sql(), last)).Scan(&h); err != nil {
		return 0, 0, 0, err
	}
	hash, err = strconv.ParseUint(h, 10, 64)
	return before, last, hash, err
}

// quoteList returns names as a comma-separated list of quoted identifiers.
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, c := range names {
		q[i] = quoteIdent(c)
	}
	return strings.Join(q, ", ")
}

// check verifies that the cursor belongs to table n (as [resolve] found
// it, with columns cols) and options filter, and is not stale.
func (c *Cursor) check(ctx context.Context, tx Querier, n name, cols []string, filter string) error {
	cn, err := parseName(c.Table)
	if err != nil {
		return err
	}
	if !equalFold(cn.parts, n.parts) {
		return fmt.Errorf("pager: resume %s: %w (the name binds to %s, the cursor's table is %s)", n.raw, ErrCursorMismatch, Ident(n.parts...), c.Table)
	}
	if c.Next < 0 || c.Last < -1 || c.Last >= c.Next {
		return fmt.Errorf("pager: resume %s: cursor %s is out of range", n.raw, c)
	}
	if c.Filter != filter {
		return fmt.Errorf("pager: resume %s: %w (the options' fingerprint is %s, the cursor's %s)", n.raw, ErrCursorMismatch, filter, c.Filter)
	}
	before, last, hash, err := mark(ctx, tx, n, cols, c.Next)
	if err != nil {
		return classify(n, err)
	}
	switch {
	case before != c.Before:
		return fmt.Errorf("pager: resume %s at rowid %d: %w (%d rows below it then, %d now)", n.raw, c.Next, ErrStaleCursor, c.Before, before)
	case last != c.Last:
		return fmt.Errorf("pager: resume %s at rowid %d: %w (the last row below it was at rowid %d, now %d: the rows were renumbered)", n.raw, c.Next, ErrStaleCursor, c.Last, last)
	case hash != c.Hash:
		return fmt.Errorf("pager: resume %s at rowid %d: %w (the row at rowid %d holds other values than when the cursor was taken: the rows were renumbered or updated)", n.raw, c.Next, ErrStaleCursor, c.Last)
	}
	return nil
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
