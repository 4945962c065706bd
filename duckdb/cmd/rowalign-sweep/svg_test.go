package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
	"github.com/rowalign/rowalign/runtime/pager"
)

// TestPlotShowsWhatDiffers: the plot's first panel compares the writes by
// what their page size leaves behind. A sweep on a loaded machine plotted the
// aligned and misaligned writes at 11.76 s and 11.23 s, wall time only,
// while their checkpoints took 0.32 s and 4.83 s; and the 245,760 and
// 250,000 ticks of its log axis overlapped.
func TestPlotShowsWhatDiffers(t *testing.T) {
	s := func(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }
	write := func(rows int64, aligned bool, wall, ckpt float64, mb int64, groups, partial int) bench.Result {
		return bench.Result{Config: bench.Config{Strategy: bench.Write, PageRows: rows}, Aligned: aligned, Reps: 1,
			Wall: s(wall), Checkpoint: s(ckpt), FileBytes: mb * 1e6, Groups: groups, PartialGroups: partial}
	}
	r := report{
		Info: tableInfo{Table: "demo", DuckDB: "v1.5.6", Layout: pager.Layout{RowGroupSize: 122_880, Live: 1_000_000}},
		Reps: 1,
		Results: []bench.Result{
			{Config: bench.Config{Strategy: bench.Scan}, Reps: 1, Wall: s(2.6)},
			{Config: bench.Config{Strategy: bench.Rowid, PageRows: 245_760}, Aligned: true, Reps: 1, Wall: s(1.8)},
			{Config: bench.Config{Strategy: bench.Rowid, PageRows: 250_000}, Reps: 1, Wall: s(1.9)},
			write(245_760, true, 11.76, 0.32, 98, 9, 0),
			write(250_000, false, 11.23, 4.83, 181, 12, 3),
			{Config: bench.Config{Strategy: bench.Copy}, Reps: 1, Wall: s(1.1), Checkpoint: s(0.01), FileBytes: 97e6, Groups: 9},
		},
	}
	svg := string(plot(r))
	for _, want := range []string{
		"CHECKPOINT, seconds", "file size after CHECKPOINT, MB", "partial row groups",
		"250,000-row pages against 245,760 (2 rg): CHECKPOINT 4.83 s against 0.32 s, file 181 MB against 98 MB, 3 partial row groups against 0",
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("the plot lacks %q", want)
		}
	}
	// The writes panel comes first: above the wall-time panel.
	if i, j := strings.Index(svg, "CHECKPOINT, seconds"), strings.Index(svg, "Wall time to walk"); i < 0 || j < 0 || i > j {
		t.Errorf("the writes panel is not above the wall-time panel (%d, %d)", i, j)
	}
	// The wall-time axis's labels of 245,760 and 250,000 stand apart.
	xs := map[string]float64{}
	for _, m := range regexp.MustCompile(`<text x="([0-9.]+)" y="[0-9.]+" text-anchor="middle">(245,760|250,000)</text>`).FindAllStringSubmatch(svg, -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		xs[m[2]] = x
	}
	if len(xs) != 2 || xs["250,000"]-xs["245,760"] < 60 {
		t.Errorf("axis labels of 245,760 and 250,000 at x %v: want both, at least 60 px apart", xs)
	}
}

// TestTableHasNoGoals: the text output is the user's, not the project's:
// it printed "ratios:" lines with the pager's own goals ("goal <= 1.00").
func TestTableHasNoGoals(t *testing.T) {
	var b strings.Builder
	printTable(&b, report{Reps: 1, Results: []bench.Result{
		{Config: bench.Config{Strategy: bench.Scan}, Reps: 1, Wall: time.Second, MaxRSS: 100 << 20},
		{Config: bench.Config{Strategy: bench.Pager, PageRows: 122_880, Groups: 1}, Aligned: true, Reps: 1, Wall: time.Second, MaxRSS: 50 << 20},
		{Config: bench.Config{Strategy: bench.Write, PageRows: 250_000}, Reps: 1, Wall: time.Second, Checkpoint: time.Second, FileBytes: 181e6, Groups: 12, PartialGroups: 3},
		{Config: bench.Config{Strategy: bench.Copy}, Reps: 1, Wall: time.Second},
	}})
	out := b.String()
	if strings.Contains(out, "goal") {
		t.Errorf("the table prints the project's goals:\n%s", out)
	}
	if !strings.Contains(out, "| write | 250,000 | no | 1.00 |  | 0.00 | 1.00 | 181.0 | 12 (3) |") {
		t.Errorf("the write row lacks the file size and row groups:\n%s", out)
	}
}
