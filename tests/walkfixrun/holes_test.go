package walkfixrun

// holesProgram is the second file of the program: the walks of the
// fixture's columns.go, sources.go, perpage.go and cursor.go (issue 24's
// holes), each run original and fixed on a fresh database, each reduced
// to a line that says what it computed (or the error it failed with).
// Where the fix rewrites the walk, Table is what the table holds, which
// the rewritten walk must compute too.
const holesProgram = `package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"io"
	"sort"
	"strings"
)

type holes struct {
	Reverse, Rollup, BackupLedger func(context.Context, *sql.Tx) error
	RecentKinds                   func(context.Context, *sql.DB) (map[string]int, error)
	Payloads                      func(context.Context, *sql.DB) ([]string, error)
	ExportBatches                 func(context.Context, *sql.DB, io.Writer, int) (int, error)
	Sample                        func(context.Context, *sql.DB, int) ([]int64, error)
	CountBefore                   func(context.Context, *sql.DB, int64, int) (int, error)
	CountKindK1                   func(context.Context, *sql.DB, int) (int, error)
	Drain                         func(context.Context, *sql.DB, func(int64), int) error
	IDs                           func(context.Context, *sql.DB) ([]int64, error)
	SyncCount                     func(context.Context, *sql.DB, int64) (int64, int, error)
	SyncTotal                     func(context.Context, *sql.DB, int64) (int64, int64, error)
	SyncSaved                     func(context.Context, *sql.DB, int64, func(int64)) (int, error)
}

// The tables beside events: a ledger whose debits sum to 149,850,000, a
// table of daily totals, one with a column named rowid, a view, and
// accounts whose ids are a permutation of their rowids (key order is not
// rowid order), and 30,000 queued jobs.
var holeTables = []string{
	"CREATE TABLE ledger AS SELECT range::BIGINT AS id, range % 1000 AS debit, 0::BIGINT AS credit FROM range(300000)",
	"CREATE TABLE ledger_backup (id BIGINT, debit BIGINT, credit BIGINT)",
	"CREATE TABLE reversals (id BIGINT, debit BIGINT, credit BIGINT)",
	"CREATE TABLE daily AS SELECT DATE '2000-01-01' + range::INTEGER AS day, range::BIGINT AS total FROM range(300000)",
	"CREATE TABLE report (report_day DATE, amount BIGINT)",
	"CREATE TABLE imports AS SELECT range::BIGINT AS rowid, 'p' || range AS payload FROM range(300000)",
	"CREATE VIEW recent_events AS SELECT * FROM events WHERE created >= TIMESTAMP '2024-01-03'",
	"CREATE TABLE jobs AS SELECT range::BIGINT AS id FROM range(30000)",
	"CREATE TABLE accounts AS SELECT (range * 7919) % 300007 AS id, range % 100 AS balance FROM range(300000)",
}

func digest(lines []string) string {
	h := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return fmt.Sprintf("%d lines %x", len(lines), h[:6])
}

func ints(xs []int64) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = fmt.Sprint(x)
	}
	return out
}

func one(db *sql.DB, q string) string {
	var s string
	must(db.QueryRow(q).Scan(&s))
	return s
}

// inTx runs fn in a transaction that commits, and says what q reads
// then, or the error fn failed with.
func inTx(ctx context.Context, db *sql.DB, fn func(context.Context, *sql.Tx) error, q string) string {
	tx, err := db.Begin()
	must(err)
	if err := fn(ctx, tx); err != nil {
		tx.Rollback()
		return "error: " + err.Error()
	}
	must(tx.Commit())
	return one(db, q)
}

func failed(err error) string { return "error: " + err.Error() }

// batch is the page size the per-page walks are given: 10,000 rows, as
// the walks that were seen counting pages had.
const batch = 10_000

func (h holes) run(ctx context.Context, dir, variant string) []result {
	var out []result
	add := func(walk, got string, table ...string) {
		out = append(out, result{Walk: walk, Variant: variant, Seen: []string{got}, Table: table})
	}
	db := freshOn("duckdb", dir, variant+"-holes", holeTables...)
	defer db.Close()

	ledger := "SELECT count(*) || ' ' || sum(debit) || ' ' || sum(credit) FROM "
	add("Reverse", inTx(ctx, db, h.Reverse, ledger+"reversals"))
	add("Rollup", inTx(ctx, db, h.Rollup, "SELECT count(*) || ' ' || sum(amount) || ' ' || min(report_day) FROM report"))
	add("BackupLedger", inTx(ctx, db, h.BackupLedger, ledger+"ledger_backup"), one(db, ledger+"ledger"))

	if kinds, err := h.RecentKinds(ctx, db); err != nil {
		add("RecentKinds", failed(err))
	} else {
		var lines []string
		for k, n := range kinds {
			lines = append(lines, fmt.Sprintf("%s %d", k, n))
		}
		sort.Strings(lines)
		add("RecentKinds", strings.Join(lines, ", "))
	}
	if ps, err := h.Payloads(ctx, db); err != nil {
		add("Payloads", failed(err))
	} else {
		add("Payloads", digest(ps))
	}
	var w bytes.Buffer
	if n, err := h.ExportBatches(ctx, db, &w, batch); err != nil {
		add("ExportBatches", failed(err))
	} else {
		add("ExportBatches", fmt.Sprintf("%d batches, %s", n, digest(strings.Fields(w.String()))))
	}
	if s, err := h.Sample(ctx, db, batch); err != nil {
		add("Sample", failed(err))
	} else {
		add("Sample", digest(ints(s)))
	}
	if n, err := h.CountBefore(ctx, db, 150_000, batch); err != nil {
		add("CountBefore", failed(err))
	} else {
		add("CountBefore", fmt.Sprint(n))
	}
	if n, err := h.CountKindK1(ctx, db, batch); err != nil {
		add("CountKindK1", failed(err))
	} else {
		add("CountKindK1", fmt.Sprint(n))
	}
	if ids, err := h.IDs(ctx, db); err != nil {
		add("IDs", failed(err))
	} else {
		// In the order the walk gave them: rowid order, for both loops.
		rows, err := db.Query("SELECT id FROM events ORDER BY rowid")
		must(err)
		var want []int64
		for rows.Next() {
			var id int64
			must(rows.Scan(&id))
			want = append(want, id)
		}
		rows.Close()
		add("IDs", digest(ints(ids)), digest(ints(want)))
	}
	if c, n, err := h.SyncCount(ctx, db, 1000); err != nil {
		add("SyncCount", failed(err))
	} else {
		add("SyncCount", fmt.Sprintf("resume after %d, %d accounts", c, n))
	}
	if c, t, err := h.SyncTotal(ctx, db, 1000); err != nil {
		add("SyncTotal", failed(err))
	} else {
		add("SyncTotal", fmt.Sprintf("resume after %d, balance %d", c, t))
	}
	var saved int64
	if n, err := h.SyncSaved(ctx, db, 1000, func(c int64) { saved = c }); err != nil {
		add("SyncSaved", failed(err))
	} else {
		add("SyncSaved", fmt.Sprintf("saved %d, %d accounts", saved, n))
	}
	handled := 0
	if err := h.Drain(ctx, db, func(int64) { handled++ }, batch); err != nil {
		add("Drain", failed(err))
	} else {
		add("Drain", fmt.Sprintf("%d handled, %s left", handled, one(db, "SELECT count(*)::VARCHAR FROM jobs")))
	}
	return out
}
`
