package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/rowalign/rowalign/internal/duckdb/bench"
)

// report is the sweep's result, as printed and as -json.
type report struct {
	Info        tableInfo      `json:"table"`
	Date        string         `json:"date"`
	Machine     string         `json:"machine"`
	Reps        int            `json:"reps"`
	Load        string         `json:"load,omitempty"`
	Results     []bench.Result `json:"results"`
	Interrupted bool           `json:"interrupted,omitempty"`
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f", d.Seconds()) }

func printTable(w io.Writer, r report) {
	var scan *bench.Result
	for i := range r.Results {
		if r.Results[i].Config.Strategy == bench.Scan && r.Results[i].Reps > 0 {
			scan = &r.Results[i]
		}
	}
	if r.Load != "" {
		fmt.Fprintf(w, "machine load (other processes count): %s\n", r.Load)
	}
	fmt.Fprintf(w, "%s, %s, DuckDB %s; medians of the runs column (%d repetitions asked, rounds alternate the order, each run its own process)\n\n", r.Date, r.Machine, r.Info.DuckDB, r.Reps)
	fmt.Fprintln(w, "| strategy | page rows | aligned | wall s | vs scan | CPU s | checkpoint s | peak RSS MiB | runs |")
	fmt.Fprintln(w, "|---|---:|:---:|---:|---:|---:|---:|---:|---:|")
	for _, res := range r.Results {
		page, aligned := "", ""
		if bench.Sized(res.Config.Strategy) {
			page = bench.Thousands(res.Config.PageRows)
			aligned = "no"
			if res.Aligned {
				aligned = "yes"
			}
		}
		if res.Reps == 0 {
			fmt.Fprintf(w, "| %s | %s | %s | failed: %s | | | | | 0 |\n", res.Config.Strategy, page, aligned, oneLine(res.Err))
			continue
		}
		ratio, ckpt := "", ""
		if scan != nil && !bench.Writes(res.Config.Strategy) {
			ratio = fmt.Sprintf("%.2f", res.Wall.Seconds()/scan.Wall.Seconds())
		}
		if bench.Writes(res.Config.Strategy) {
			ckpt = secs(res.Checkpoint)
		}
		name := res.Config.Strategy
		if res.Config.Strategy == bench.Pager {
			name = fmt.Sprintf("pager (%d rg)", res.Config.Groups)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %.0f | %d |\n", name, page, aligned, secs(res.Wall), ratio,
			secs(res.CPU), ckpt, float64(res.MaxRSS)/(1<<20), res.Reps)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "wall: the walk (for writes: the walk and the final CHECKPOINT); checkpoint: that CHECKPOINT alone;")
	fmt.Fprintln(w, "peak RSS: the measuring process's maxrss; every row of every column is scanned into Go values.")
	if lines := ratios(r.Results); len(lines) > 0 {
		fmt.Fprintln(w, "\nratios:")
		for _, l := range lines {
			fmt.Fprintln(w, "  "+l)
		}
	}
}

// ratios computes the pager's goals (issue 4) from whatever was measured.
func ratios(rs []bench.Result) []string {
	find := func(strategy string, rows int64) *bench.Result {
		for i := range rs {
			if rs[i].Config.Strategy == strategy && rs[i].Config.PageRows == rows && rs[i].Reps > 0 {
				return &rs[i]
			}
		}
		return nil
	}
	var out []string
	scan := find(bench.Scan, 0)
	var p1 *bench.Result
	for i := range rs {
		if rs[i].Config.Strategy == bench.Pager && rs[i].Config.Groups == 1 && rs[i].Reps > 0 {
			p1 = &rs[i]
		}
	}
	if scan != nil && p1 != nil {
		out = append(out, fmt.Sprintf("pager 1 rg / scan: wall %.2f (goal <= 1.00), peak RSS %.2f (goal <= 0.55)",
			p1.Wall.Seconds()/scan.Wall.Seconds(), float64(p1.MaxRSS)/float64(scan.MaxRSS)))
	}
	if p1 != nil {
		g := p1.Config.PageRows
		if o := find(bench.OrderBy, g); o != nil {
			out = append(out, fmt.Sprintf("ORDER BY rowid %s / pager 1 rg: %.1fx (goal >= 2)", bench.Thousands(g), o.Wall.Seconds()/p1.Wall.Seconds()))
		}
		if o := find(bench.OrderBy, smallPageRows); o != nil {
			out = append(out, fmt.Sprintf("ORDER BY rowid %s / pager 1 rg: %.1fx (goal >= 10)", bench.Thousands(smallPageRows), o.Wall.Seconds()/p1.Wall.Seconds()))
		}
	}
	if c := find(bench.Copy, 0); c != nil {
		for i := range rs {
			w := &rs[i]
			if w.Config.Strategy == bench.Write && w.Reps > 0 {
				out = append(out, fmt.Sprintf("copy / write %s (aligned: %v): wall %.2f, checkpoint %.3f (goals for the misaligned one: <= 0.6, <= 0.1)",
					bench.Thousands(w.Config.PageRows), w.Aligned, c.Wall.Seconds()/w.Wall.Seconds(), c.Checkpoint.Seconds()/max(w.Checkpoint.Seconds(), 1e-9)))
			}
		}
	}
	return out
}

func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return s
}

// loadAvg returns the 1-minute load average (Linux), or "".
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

func numCPU() int { return runtime.NumCPU() }

// memTotal reads the machine's memory from /proc/meminfo (Linux).
func memTotal() string {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return runtime.GOOS + "/" + runtime.GOARCH
	}
	var kb int64
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "MemTotal:") {
			fmt.Sscan(strings.TrimPrefix(line, "MemTotal:"), &kb)
		}
	}
	return fmt.Sprintf("%.0f GiB, %s/%s", float64(kb)/(1<<20), runtime.GOOS, runtime.GOARCH)
}
