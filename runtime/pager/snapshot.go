package pager

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// ErrRenumbered reports that the table's rowids changed under an open walk:
// another connection's CHECKPOINT vacuumed rows deleted before the walk began
// and renumbered the rows after them, so the walk's remaining rowid ranges
// would address other rows. The pager returns it, wrapped in a [*PageError]
// naming the first page not delivered, instead of yielding those rows.
var ErrRenumbered = errors.New("the table's rowids were renumbered during the walk (another connection's CHECKPOINT vacuumed deleted rows); start a new walk")

// ErrRowidColumn reports a table with a column of its own named rowid (in
// any case): in DuckDB's SQL it shadows the row id under every spelling
// (rowid, t.rowid, "ROWID"; measured on DuckDB 1.5.6 and 1.1.3, 2026-11-30),
// so rowid ranges would filter on the user's column and lose rows. Walks,
// cursors and Copy with [From] refuse such tables; Copy without From does
// not need the row id and works.
var ErrRowidColumn = errors.New("the table has a column named rowid, which shadows DuckDB's row id, so its rows cannot be paged by rowid; rename the column")

// pin keeps the table's rowids stable for the rest of tx, and reports
// whether it could.
//
// Rowids are not stable within a transaction in DuckDB: when rows were
// deleted and committed before the transaction began, another connection's
// CHECKPOINT (or FORCE CHECKPOINT) vacuums them and renumbers the rows after
// them, and the open transaction's rowid ranges then address other rows
// while count(*) stays right (docs/pager.md, "Rowids inside a transaction").
// A write to the table in the transaction, even one that changes nothing,
// stops that: after DELETE FROM t WHERE false, the other connection's
// CHECKPOINT still succeeds on DuckDB 1.5.6 but leaves the deleted rows in
// place, and on DuckDB 1.1.3 it fails with "other write transactions
// active" while FORCE CHECKPOINT waits for the walk to end; other
// connections' inserts, updates and deletes go on (measured 2026-11-30).
// UPDATE t SET c = c WHERE false would also pin, but on 1.5.6 it makes every
// other CHECKPOINT fail and FORCE CHECKPOINT wait, so the pager uses DELETE.
//
// A database attached read-only cannot be written by anyone while it is
// open, so it needs no pin: pin reports false and nil. Any other failure is
// returned.
func pin(ctx context.Context, tx Querier, n name) (bool, error) {
	_, err := tx.ExecContext(ctx, `DELETE FROM `+n.sql()+` WHERE false`)
	if err == nil {
		return true, nil
	}
	if readOnly(err) {
		return false, nil
	}
	return false, fmt.Errorf("pager: %s: pinning the rowids for the walk (DELETE ... WHERE false): %w", n.raw, oneLine(err))
}

// readOnly reports DuckDB's refusal to write to a read-only database
// ("Cannot execute statement of type "DELETE" on database "x" which is
// attached in read-only mode!", DuckDB 1.5.6 and 1.1.3).
func readOnly(err error) bool {
	return strings.Contains(err.Error(), "read-only mode")
}

// sameRowids reports whether the layout now still numbers the rows of the
// layout the walk planned on the same way: every group but the last
// unchanged and the last no smaller (concurrent appends may grow it or add
// groups after it). A vacuum rewrites the groups that held deleted rows,
// so it shows here. It is the check for a walk that could not pin its
// table; a pinned walk needs none.
func sameRowids(planned, now Layout) bool {
	if len(now.Groups) < len(planned.Groups) {
		return false
	}
	for i, g := range planned.Groups {
		h := now.Groups[i]
		last := i == len(planned.Groups)-1
		if h.Start != g.Start || h.ID != g.ID || (!last && h.Count != g.Count) || h.Count < g.Count {
			return false
		}
	}
	return true
}

// recheck re-reads the layout of n and returns ErrRenumbered when its
// rowids no longer number the rows as planned did.
func recheck(ctx context.Context, tx Querier, n name, planned Layout) error {
	now, err := readLayout(ctx, tx, n, false)
	if err != nil {
		return err
	}
	if !sameRowids(planned, now) {
		return ErrRenumbered
	}
	return nil
}

// columnsOf returns the column names of table n, as SELECT * lists them.
func columnsOf(ctx context.Context, tx Querier, n name) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT * FROM `+n.sql()+` LIMIT 0`)
	if err != nil {
		return nil, classify(n, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, classify(n, err)
	}
	return cols, nil
}

// checkRowid returns ErrRowidColumn when table n has a column named rowid.
func checkRowid(ctx context.Context, tx Querier, n name) error {
	cols, err := columnsOf(ctx, tx, n)
	if err != nil {
		return err
	}
	for _, c := range cols {
		if strings.EqualFold(c, "rowid") {
			return fmt.Errorf("pager: %s: %w", n.raw, ErrRowidColumn)
		}
	}
	return nil
}

// lineError is a driver error shown on one line: DuckDB's messages span
// lines ("Did you mean", "LINE 1: ..." and a caret under the query), which
// break log lines. Unwrap gives the driver's error as it was.
type lineError struct{ err error }

func (e lineError) Error() string {
	var parts []string
	for _, l := range strings.Split(e.err.Error(), "\n") {
		t := strings.TrimSpace(l)
		// The query excerpt and its caret say nothing the message does not.
		if t == "" || strings.HasPrefix(t, "LINE ") || strings.Trim(t, "^") == "" {
			continue
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, "; ")
}

func (e lineError) Unwrap() error { return e.err }

// oneLine returns err shown on one line (nil for nil).
func oneLine(err error) error {
	if err == nil || !strings.Contains(err.Error(), "\n") {
		return err
	}
	return lineError{err}
}
