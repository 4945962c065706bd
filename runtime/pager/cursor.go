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
// are stable and the pages are exact. Across transactions a cursor is a
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
	// Table is the table name the walk was started with.
	Table string
	// Next is the first rowid not yet walked; -1 once the walk is complete.
	Next int64
	// Before is the number of rows with a rowid below Next when the cursor
	// was taken (all rows, the walk's Where filter is not applied).
	Before int64
	// Page is the index of the next page.
	Page int
}

// cursorPrefix versions the text form.
const cursorPrefix = "pager.v1"

// String returns the text form, as MarshalText.
func (c Cursor) String() string {
	return fmt.Sprintf("%s:%d:%d:%d:%s", cursorPrefix, c.Next, c.Before, c.Page, c.Table)
}

// MarshalText implements encoding.TextMarshaler.
func (c Cursor) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (c *Cursor) UnmarshalText(b []byte) error {
	f := strings.SplitN(string(b), ":", 5)
	if len(f) != 5 || f[0] != cursorPrefix {
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
	if n[0] < -1 || n[1] < 0 || n[2] < 0 || f[4] == "" {
		return fmt.Errorf("pager: cursor %q is out of range", b)
	}
	*c = Cursor{Next: n[0], Before: n[1], Page: int(n[2]), Table: f[4]}
	return nil
}

// check verifies the cursor belongs to the table and is not stale.
func (c *Cursor) check(ctx context.Context, tx Querier, n name, table string) error {
	if c.Table != table {
		return fmt.Errorf("pager: cursor was taken on table %q, not %q", c.Table, table)
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
