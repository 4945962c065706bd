package main

import (
	"context"
	"fmt"
	"path/filepath"
	"syscall"
	"time"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
)

// batchRows is how many rows batch inserts: enough for several commits
// of a row group or two, few enough that one prepared INSERT per row
// finishes in a minute or two.
const batchRows = 300_000

// batch inserts batchRows rows of 4 narrow columns with one prepared
// INSERT per row, committing every n rows (BEGIN again after each), the
// commit loop commitsize reports, into a new file; then CHECKPOINTs. It
// prints the wall and CPU seconds of the load, the CHECKPOINT's, and the
// row groups before and after it: what the commit size leaves on disk
// when the rows come one statement at a time rather than by INSERT ...
// SELECT pages.
func batch(ctx context.Context, tmp string, n int64) {
	path := filepath.Join(tmp, fmt.Sprintf("batch-%d.duckdb", n))
	db := open(path)
	defer db.Close()
	db.SetMaxOpenConns(1)
	exec(db, `CREATE TABLE t (id BIGINT, n INTEGER, s VARCHAR, d DOUBLE)`)
	t0, c0 := time.Now(), cpu()
	tx, err := db.BeginTx(ctx, nil)
	check(err)
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO t VALUES (?, ?, ?, ?)`)
	check(err)
	for i := int64(1); i <= batchRows; i++ {
		_, err := stmt.ExecContext(ctx, i, int32(i%1000), "row", float64(i)/7)
		check(err)
		if i%n == 0 {
			check(stmt.Close())
			check(tx.Commit())
			tx, err = db.BeginTx(ctx, nil)
			check(err)
			stmt, err = tx.PrepareContext(ctx, `INSERT INTO t VALUES (?, ?, ?, ?)`)
			check(err)
		}
	}
	check(stmt.Close())
	check(tx.Commit())
	load, loadCPU := time.Since(t0), cpu()-c0
	before := groups(db, "t")
	t1, c1 := time.Now(), cpu()
	exec(db, `CHECKPOINT`)
	fmt.Fprintf(out, "prepared INSERT per row, %s rows, commit every %s: load %.2f s wall, %.2f s CPU; CHECKPOINT %.2f s wall, %.2f s CPU\n",
		bench.Thousands(batchRows), bench.Thousands(n), load.Seconds(), loadCPU, time.Since(t1).Seconds(), cpu()-c1)
	fmt.Fprintln(out, "  row groups before CHECKPOINT:", before)
	fmt.Fprintln(out, "  row groups after CHECKPOINT: ", groups(db, "t"))
}

// cpu returns this process's user and system seconds so far.
func cpu() float64 {
	var ru syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
