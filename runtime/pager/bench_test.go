package pager_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/rowalign/rowalign/internal/bench"
)

// The benchmarks need a table of DemoRows rows (1,000,000 by default,
// ROWALIGN_BENCH_ROWS to change it); it is generated on the first
// benchmark that runs, so plain `go test` never builds it. They run in this
// process: for peak memory per configuration, and medians over alternating
// rounds, use the command (each run its own process):
//
//	go run ./cmd/rowalign-sweep
//
// Micro figures:
//
//	go test -run '^$' -bench . -benchtime 3x ./runtime/pager
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
// vectors of 2,048; FACTS.md, DuckDB 1.5.6, 2026-11-30), the demo table's unit.
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
