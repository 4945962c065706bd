package main

import (
	"context"
	"database/sql/driver"
	"fmt"
	"path/filepath"
	"strings"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
)

// small commits batchRows rows every n rows in two ways that are not
// INSERT ... SELECT pages: one multi-row INSERT ... VALUES per batch in
// autocommit, and an Appender inside BEGIN flushed and ended by a COMMIT
// statement every n rows (BEGIN again after). It prints the row groups
// each leaves before and after CHECKPOINT: whether commits of fewer rows
// than a row group leave partial groups when the rows do not come from
// a parallel INSERT ... SELECT (commitsize reports those by what they
// leave, docs/checks/commitsize.md).
func small(ctx context.Context, tmp string, n int64) {
	db := open(filepath.Join(tmp, fmt.Sprintf("small-%d.duckdb", n)))
	defer db.Close()
	db.SetMaxOpenConns(1)
	exec(db, `CREATE TABLE mv (id BIGINT, s VARCHAR)`)
	exec(db, `CREATE TABLE ap (id BIGINT, s VARCHAR)`)
	for lo := int64(0); lo < batchRows; lo += n {
		var b strings.Builder
		b.WriteString("INSERT INTO mv VALUES ")
		for i := lo; i < min(lo+n, batchRows); i++ {
			if i > lo {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "(%d, 'row')", i)
		}
		exec(db, b.String())
	}
	conn, err := db.Conn(ctx)
	check(err)
	_, err = conn.ExecContext(ctx, "BEGIN")
	check(err)
	check(conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "ap")
		if err != nil {
			return err
		}
		// COMMIT and BEGIN through the driver connection: conn is held
		// by Raw.
		ex := dc.(driver.ExecerContext)
		for i := int64(1); i <= batchRows; i++ {
			if err := app.AppendRow(i, "row"); err != nil {
				return err
			}
			if i%n == 0 {
				if err := app.Flush(); err != nil {
					return err
				}
				if _, err := ex.ExecContext(ctx, "COMMIT", nil); err != nil {
					return err
				}
				if _, err := ex.ExecContext(ctx, "BEGIN", nil); err != nil {
					return err
				}
			}
		}
		return app.Close()
	}))
	_, err = conn.ExecContext(ctx, "COMMIT")
	check(err)
	check(conn.Close())
	fmt.Fprintf(out, "%s rows, commit every %s rows\n", bench.Thousands(batchRows), bench.Thousands(n))
	fmt.Fprintln(out, "  multi-row INSERT ... VALUES in autocommit, before CHECKPOINT:", groups(db, "mv"))
	fmt.Fprintln(out, "  Appender, Flush and COMMIT statement, before CHECKPOINT:    ", groups(db, "ap"))
	exec(db, `CHECKPOINT`)
	fmt.Fprintln(out, "  after CHECKPOINT:", groups(db, "mv"), "|", groups(db, "ap"))
}
