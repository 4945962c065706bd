package pager

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// ErrRowidColumn reports a table with a column of its own named rowid (in
// any case): in DuckDB's SQL it shadows the row id under every spelling
// (rowid, t.rowid, "ROWID"; measured on DuckDB 1.5.6 and 1.1.3, 2026-11-30),
// so rowid ranges would filter on the user's column and lose rows. Walks,
// cursors and Copy with [From] refuse such tables; Copy without From does
// not need the row id and works.
var ErrRowidColumn = errors.New("the table has a column named rowid, which shadows DuckDB's row id, so its rows cannot be paged by rowid; rename the column")

// pin keeps the table's rowids stable for the rest of tx.
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
// A database attached read-only needs no pin: nobody can write it while it
// is open (DuckDB locks the file against writers). pin asks
// duckdb_databases() first, because DuckDB's refusal of the DELETE there
// would abort the transaction. n is the table as [resolve] found it, so the
// database asked about is the one the walk reads, whatever the connection's
// current database and search_path.
func pin(ctx context.Context, tx Querier, n name) error {
	var ro bool
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(any_value(readonly), false) FROM duckdb_databases() WHERE database_name = ?`, n.parts[0]).Scan(&ro); err != nil {
		return fmt.Errorf("pager: %s: reading whether its database is read-only: %w", n.raw, oneLine(err))
	}
	if ro {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM `+n.sql()+` WHERE false`); err != nil {
		return fmt.Errorf("pager: %s: pinning the rowids for the walk (DELETE ... WHERE false): %w", n.raw, oneLine(err))
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

// checkRowid returns ErrRowidColumn when table n has a column named rowid,
// and otherwise the table's columns.
func checkRowid(ctx context.Context, tx Querier, n name) ([]string, error) {
	cols, err := columnsOf(ctx, tx, n)
	if err != nil {
		return nil, err
	}
	for _, c := range cols {
		if strings.EqualFold(c, "rowid") {
			return nil, fmt.Errorf("pager: %s: %w", n.raw, ErrRowidColumn)
		}
	}
	return cols, nil
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
