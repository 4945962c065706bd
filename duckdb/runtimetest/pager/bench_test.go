package pager_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
)

// The benchmarks need a table of DemoRows rows (1,000,000 by default,
// ROWALIGN_BENCH_ROWS to change it); it is generated on the first
// benchmark that runs, so plain `go test` never builds it. They run in this
// process: for peak memory per configuration, and medians over alternating
// rounds, use the command (each run its own process):
//
//	go run ./duckdb/cmd/rowalign-sweep
//
// Micro figures:
//
//	go test -run '^$' -bench . -benchtime 3x ./duckdb/runtimetest/pager
var demo struct {
	once sync.Once
	path string
	err  error
}

func demoTable(b *testing.B) string {
	b.Helper()
	demo.once.Do(func() {
		rows := int64(bench.DemoRows)
		if s := os.Getenv("ROWALIGN_BENCH_ROWS"); s != "" {
			if rows, demo.err = strconv.ParseInt(s, 10, 64); demo.err != nil {
				return
			}
		}
		dir, err := os.MkdirTemp("", "rowalign-pager-bench-")
		if err != nil {
			demo.err = err
			return
		}
		demo.path = filepath.Join(dir, "demo.duckdb")
		demo.err = bench.Generate(context.Background(), demo.path, rows)
	})
	if demo.err != nil {
		b.Fatal(demo.err)
	}
	return demo.path
}

// defaultGroup is DuckDB's default row group size (122,880 rows = 60
// vectors of 2,048; docs/measurements.md#row-group-size, DuckDB 1.5.6, 2026-11-30), the demo table's unit.
const defaultGroup = 122_880

func BenchmarkStrategies(b *testing.B) {
	g := int64(defaultGroup)
	cfgs := []bench.Config{
		{Strategy: bench.Scan},
		{Strategy: bench.Offset, PageRows: 10_000},
		{Strategy: bench.Offset, PageRows: g},
		{Strategy: bench.Offset, PageRows: 2 * g},
		{Strategy: bench.Offset, PageRows: 250_000},
		{Strategy: bench.OrderBy, PageRows: 10_000},
		{Strategy: bench.OrderBy, PageRows: g},
		{Strategy: bench.Pager, PageRows: g, Groups: 1},
		{Strategy: bench.Pager, PageRows: 2 * g, Groups: 2},
		{Strategy: bench.Pager, PageRows: 4 * g, Groups: 4},
		{Strategy: bench.Write, PageRows: 2 * g},
		{Strategy: bench.Write, PageRows: 250_000},
		{Strategy: bench.Copy},
	}
	for _, c := range cfgs {
		b.Run(fmt.Sprint(c), func(b *testing.B) {
			src := demoTable(b)
			dest := filepath.Join(b.TempDir(), "dest.duckdb")
			var ckpt float64
			for b.Loop() {
				s, err := bench.Measure(context.Background(), bench.Job{Source: src, Table: bench.DemoTable, Dest: dest, Config: c})
				if err != nil {
					b.Fatal(err)
				}
				ckpt += s.Checkpoint.Seconds()
			}
			b.ReportMetric(ckpt/float64(b.N), "checkpoint-s/op")
		})
	}
}

// BenchmarkOverlap times where a one-group walk spends its time, with and
// without running the next page's query in a goroutine while the current
// page is scanned (docs/pager.md, "Overlapping the next page's query"):
// next-s/op is the time inside Rows.Next, longest-next-s the longest single
// Rows.Next call, query-s/op the time inside QueryContext.
//
//	go test -run '^$' -bench Overlap -benchtime 6x ./duckdb/runtimetest/pager
func BenchmarkOverlap(b *testing.B) {
	for _, overlap := range []bool{false, true} {
		b.Run(fmt.Sprintf("overlap=%v", overlap), func(b *testing.B) {
			db, err := bench.OpenReadOnly(demoTable(b))
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			db.SetMaxOpenConns(1)
			var t overlapTimes
			for b.Loop() {
				if err := overlapWalk(db, overlap, defaultGroup, &t); err != nil {
					b.Fatal(err)
				}
			}
			n := float64(b.N)
			b.ReportMetric(t.next.Seconds()/n, "next-s/op")
			b.ReportMetric(t.longest.Seconds(), "longest-next-s")
			b.ReportMetric(t.query.Seconds()/n, "query-s/op")
			b.ReportMetric(t.scan.Seconds()/n, "scan-s/op")
		})
	}
}

type overlapTimes struct{ query, next, scan, longest time.Duration }

func overlapWalk(db *sql.DB, overlap bool, page int64, t *overlapTimes) error {
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var maxRowid int64
	if err := tx.QueryRow(`SELECT max(rowid) FROM ` + bench.DemoTable).Scan(&maxRowid); err != nil {
		return err
	}
	type result struct {
		rows *sql.Rows
		took time.Duration
		err  error
	}
	query := func(lo int64) result {
		start := time.Now()
		rows, err := tx.QueryContext(ctx, fmt.Sprintf(`SELECT * FROM %s WHERE rowid >= %d AND rowid < %d`, bench.DemoTable, lo, lo+page))
		return result{rows, time.Since(start), err}
	}
	var next chan result
	launch := func(lo int64) {
		next = make(chan result, 1)
		go func() { next <- query(lo) }()
	}
	if overlap {
		launch(0)
	}
	for lo := int64(0); lo <= maxRowid; lo += page {
		var r result
		if overlap {
			r = <-next
			if lo+page <= maxRowid {
				launch(lo + page)
			}
		} else {
			r = query(lo)
		}
		if r.err != nil {
			return r.err
		}
		t.query += r.took
		cols, err := r.rows.Columns()
		if err != nil {
			return err
		}
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for {
			start := time.Now()
			ok := r.rows.Next()
			d := time.Since(start)
			t.next += d
			t.longest = max(t.longest, d)
			if !ok {
				break
			}
			start = time.Now()
			if err := r.rows.Scan(ptrs...); err != nil {
				return err
			}
			t.scan += time.Since(start)
		}
		if err := r.rows.Close(); err != nil {
			return err
		}
	}
	return nil
}
