package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
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
	fmt.Fprintln(w, "| strategy | page rows | aligned | wall s | vs scan | CPU s | checkpoint s | file MB | row groups (partial) | peak RSS MiB | runs |")
	fmt.Fprintln(w, "|---|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|")
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
			fmt.Fprintf(w, "| %s | %s | %s | failed: %s | | | | | | | 0 |\n", res.Config.Strategy, page, aligned, oneLine(res.Err))
			continue
		}
		ratio, ckpt, file, groups := "", "", "", ""
		if scan != nil && !bench.Writes(res.Config.Strategy) {
			ratio = fmt.Sprintf("%.2f", res.Wall.Seconds()/scan.Wall.Seconds())
		}
		if bench.Writes(res.Config.Strategy) {
			ckpt = secs(res.Checkpoint)
			if res.FileBytes > 0 { // a report saved before these were recorded has none
				file = fmt.Sprintf("%.1f", float64(res.FileBytes)/1e6)
				groups = fmt.Sprintf("%d (%d)", res.Groups, res.PartialGroups)
			}
		}
		name := res.Config.Strategy
		if res.Config.Strategy == bench.Pager {
			name = fmt.Sprintf("pager (%d rg)", res.Config.Groups)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %.0f | %d |\n", name, page, aligned, secs(res.Wall), ratio,
			secs(res.CPU), ckpt, file, groups, float64(res.MaxRSS)/(1<<20), res.Reps)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "wall: the walk (for writes: the walk and the final CHECKPOINT); checkpoint: that CHECKPOINT alone;")
	fmt.Fprintln(w, "file MB and row groups: the written table after the CHECKPOINT (partial: groups before the last that are not full);")
	fmt.Fprintln(w, "peak RSS: the measuring process's maxrss; every row of every column is scanned into Go values.")
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
