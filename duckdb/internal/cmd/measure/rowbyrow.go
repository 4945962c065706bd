package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/duckdb/duckdb-go/v2"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
)

// A rowWay is one way of writing rows from Go into a 3-column table.
type rowWay struct {
	name string
	load func(ctx context.Context, db *sql.DB, rows int64) error
}

// valuesChunk is the rows per multi-row INSERT ... VALUES statement of the
// "values" ways: 1,000 rows, 3,000 placeholders, a size written by hand in
// loaders found in the wild; chosen for this measurement, not tuned.
const valuesChunk = 1_000

// rowWays are the ways rowbyrow times, the first three those the rowbyrow
// check reports or recommends.
var rowWays = []rowWay{
	{"autocommit: db.ExecContext(INSERT ... VALUES (?, ?, ?)) per row", autocommitRows},
	{"one transaction: tx.ExecContext(INSERT) per row", txExecRows},
	{"one transaction: prepared INSERT, stmt.ExecContext per row", txPreparedRows},
	{"autocommit: INSERT ... VALUES of 1,000 rows per statement", func(ctx context.Context, db *sql.DB, rows int64) error {
		return valuesRows(ctx, db, rows, false)
	}},
	{"one transaction: INSERT ... VALUES of 1,000 rows per statement", func(ctx context.Context, db *sql.DB, rows int64) error {
		return valuesRows(ctx, db, rows, true)
	}},
	{"one transaction: Appender, AppendRow per row", appenderRows},
	{"autocommit: UPDATE ... WHERE id = ? per row (rows loaded first)", func(ctx context.Context, db *sql.DB, rows int64) error {
		return updateRows(ctx, db, rows, false)
	}},
	{"one transaction: UPDATE ... WHERE id = ? per row (rows loaded first)", func(ctx context.Context, db *sql.DB, rows int64) error {
		return updateRows(ctx, db, rows, true)
	}},
	{"one transaction: keys appended to a temp table, one UPDATE ... FROM", updateFrom},
}

// preload fills t with rows rows through the Appender, prints how long
// that took (the UPDATE ways' times include it), and returns a connection
// for the updates.
func preload(ctx context.Context, db *sql.DB, rows int64) (*sql.Conn, error) {
	t0 := time.Now()
	if err := appenderRows(ctx, db, rows); err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "  (preload by the Appender: %.3f s, included in the next line)\n", time.Since(t0).Seconds())
	return db.Conn(ctx)
}

// updateRows updates every row of t by its key, one statement per row,
// each its own commit or all in one transaction.
func updateRows(ctx context.Context, db *sql.DB, rows int64, inTx bool) error {
	conn, err := preload(ctx, db, rows)
	if err != nil {
		return err
	}
	defer conn.Close()
	if inTx {
		if _, err := conn.ExecContext(ctx, `BEGIN`); err != nil {
			return err
		}
	}
	for i := range rows {
		if _, err := conn.ExecContext(ctx, `UPDATE t SET d = ? WHERE id = ?`, float64(i)/3, i); err != nil {
			return err
		}
	}
	if inTx {
		_, err = conn.ExecContext(ctx, `COMMIT`)
	}
	return err
}

// updateFrom updates every row of t from a temporary table of keys and
// new values filled by the Appender, in one UPDATE ... FROM, in one
// transaction: what the rowbyrow check suggests for UPDATE by key.
func updateFrom(ctx context.Context, db *sql.DB, rows int64) error {
	conn, err := preload(ctx, db, rows)
	if err != nil {
		return err
	}
	defer conn.Close()
	for _, q := range []string{`BEGIN`, `CREATE TEMP TABLE upd (id BIGINT, d DOUBLE)`} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	err = appendRows(conn, "upd", rows, func(i int64) []driver.Value { return []driver.Value{i, float64(i) / 3} })
	if err != nil {
		return err
	}
	for _, q := range []string{`UPDATE t SET d = upd.d FROM upd WHERE t.id = upd.id`, `DROP TABLE upd`, `COMMIT`} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

const insertRow = `INSERT INTO t VALUES (?, ?, ?)`

func rowValues(i int64) (int64, string, float64) { return i, "row", float64(i) / 7 }

func autocommitRows(ctx context.Context, db *sql.DB, rows int64) error {
	for i := range rows {
		id, s, d := rowValues(i)
		if _, err := db.ExecContext(ctx, insertRow, id, s, d); err != nil {
			return err
		}
	}
	return nil
}

func txExecRows(ctx context.Context, db *sql.DB, rows int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for i := range rows {
		id, s, d := rowValues(i)
		if _, err := tx.ExecContext(ctx, insertRow, id, s, d); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func txPreparedRows(ctx context.Context, db *sql.DB, rows int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, insertRow)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for i := range rows {
		id, s, d := rowValues(i)
		if _, err := stmt.ExecContext(ctx, id, s, d); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// valuesRows writes rows in INSERT ... VALUES statements of valuesChunk
// rows each, every statement committing alone or all in one transaction.
func valuesRows(ctx context.Context, db *sql.DB, rows int64, inTx bool) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if inTx {
		if _, err := conn.ExecContext(ctx, `BEGIN`); err != nil {
			return err
		}
	}
	for lo := int64(0); lo < rows; lo += valuesChunk {
		hi := min(lo+valuesChunk, rows)
		var q strings.Builder
		q.WriteString(`INSERT INTO t VALUES `)
		args := make([]any, 0, 3*(hi-lo))
		for i := lo; i < hi; i++ {
			if i > lo {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?)")
			id, s, d := rowValues(i)
			args = append(args, id, s, d)
		}
		if _, err := conn.ExecContext(ctx, q.String(), args...); err != nil {
			return err
		}
	}
	if inTx {
		_, err := conn.ExecContext(ctx, `COMMIT`)
		return err
	}
	return nil
}

func appenderRows(ctx context.Context, db *sql.DB, rows int64) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `BEGIN`); err != nil {
		return err
	}
	err = appendRows(conn, "t", rows, func(i int64) []driver.Value {
		id, s, d := rowValues(i)
		return []driver.Value{id, s, d}
	})
	if err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, `COMMIT`)
	return err
}

// appendRows appends rows rows, row(i) each, to table through duckdb-go's
// Appender on conn.
func appendRows(conn *sql.Conn, table string, rows int64, row func(int64) []driver.Value) error {
	return conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", table)
		if err != nil {
			return err
		}
		for i := range rows {
			if err := app.AppendRow(row(i)...); err != nil {
				app.Close()
				return err
			}
		}
		return app.Close()
	})
}

// rowByRow writes rows rows of 3 columns (BIGINT, VARCHAR, DOUBLE) into a
// fresh file in each of rowWays, repeat times, rotating the order of the
// ways from one round to the next so that a change in the shared machine's
// load does not fall on one way only. Each line is one load: its wall time
// and cost per row, the file (and WAL) it leaves, the CHECKPOINT after it
// and the file after that. ways selects ways by their index in rowWays.
func rowByRow(ctx context.Context, tmp string, rows int64, repeat int, ways []int) {
	for r := range repeat {
		for k := range ways {
			w := ways[(k+r)%len(ways)]
			way := rowWays[w]
			path := filepath.Join(tmp, fmt.Sprintf("rowbyrow-%d-%d.duckdb", r, w))
			db := open(path)
			exec(db, `CREATE TABLE t (id BIGINT, s VARCHAR, d DOUBLE)`)
			load, _ := os.ReadFile("/proc/loadavg")
			t0 := time.Now()
			check(way.load(ctx, db, rows))
			wall := time.Since(t0)
			before := fileSize(path) + fileSize(path+".wal")
			t1 := time.Now()
			exec(db, `CHECKPOINT`)
			cp := time.Since(t1)
			var n int64
			check(db.QueryRow(`SELECT count(*) FROM t`).Scan(&n))
			if n != rows {
				check(fmt.Errorf("%s: %d rows in t, want %d", way.name, n, rows))
			}
			fmt.Fprintf(out, "round %d, %-64s %s rows: %8.3f s, %8.1f µs/row; file+WAL %5.1f MB; CHECKPOINT %.3f s; file %5.1f MB; %s; load %s\n",
				r+1, way.name, bench.Thousands(rows), wall.Seconds(), float64(wall.Microseconds())/float64(rows),
				float64(before)/1e6, cp.Seconds(), float64(fileSize(path))/1e6, groups(db, "t"), strings.Fields(string(load))[0])
			db.Close()
			os.Remove(path)
			os.Remove(path + ".wal")
		}
	}
}

// fileSize returns the size of the file at path, 0 when there is none.
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// wayList parses -ways: indexes into rowWays, comma-separated; all ways
// when empty.
func wayList(s string) []int {
	var out []int
	if s == "" {
		for i := range rowWays {
			out = append(out, i)
		}
		return out
	}
	for f := range strings.SplitSeq(s, ",") {
		i, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || i < 0 || i >= len(rowWays) {
			fmt.Fprintf(os.Stderr, "measure rowbyrow: -ways: %q is not a way (0 to %d)\n", f, len(rowWays)-1)
			os.Exit(2)
		}
		out = append(out, i)
	}
	return out
}
