// Command rowalign-sweep measures how page sizes and paging strategies
// perform on a DuckDB table: it reads the table's real row group size and
// layout, recommends an aligned page size, then sweeps LIMIT/OFFSET,
// ORDER BY rowid LIMIT/OFFSET, rowid ranges, the pager, walk-and-write per
// page and pager.Copy over page sizes, each run in a process of its own,
// several repetitions, and prints the medians (wall, CPU, checkpoint time,
// peak memory) as a table or JSON, with an SVG plot.
//
//	rowalign-sweep                            # the generated 1,000,000-row demo table
//	rowalign-sweep -db file.duckdb -table t   # your table, opened read-only
//
// It never writes to the source database: it opens it read-only, and
// walk-and-write goes to a temporary database that it removes.
// See docs/sweep.md.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
	"github.com/rowalign/rowalign/runtime/pager"
)

// recommendedPageRows is the page size the recommendation aims at: the
// pager's own default, the fastest read page measured (see
// pager.DefaultPageRows). The recommendation is the largest whole number of
// the table's row groups not above it (at least one group).
const recommendedPageRows = pager.DefaultPageRows

// smallPageRows is the small page size of the sweep: 10,000 rows, the
// LIMIT 10000 pages typical of hand-written loops (and of docs/measurements.md's tables).
const smallPageRows = 10_000

func main() {
	bench.Child()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// exit statuses
const (
	exitOK          = 0
	exitError       = 1
	exitUsage       = 2
	exitInterrupted = 130
)

// defaultSVG is where the plot goes by default: the one file a sweep
// writes outside its temporary directory (README.md and docs/sweep.md
// say so; TestDocsSayWhatItWrites).
const defaultSVG = "rowalign-sweep.svg"

type options struct {
	db, table, svg, gen, save, replot string
	rows                              int64
	reps                              int
	sizes, strategies                 string
	json, quiet, quick                bool
}

// The quick sweep (-quick), for a first look: a smaller demo table, one
// repetition, the read strategies that decide the page size and the
// write that shows a misaligned commit's checkpoint, at one and two row
// groups and the misaligned 2 row groups. The default sweep (1,000,000
// rows, 3 repetitions, 7 strategies, 5 sizes) took about 14 minutes on a
// shared 2-core machine (a first run from a fresh checkout, 2026-12-06);
// the quick one
// measures 1 x 4 strategies x 3 sizes on half the rows (docs/sweep.md has
// its time). A flag given on the command line wins over these.
const (
	quickRows       = 500_000
	quickReps       = 1
	quickStrategies = "scan,offset,pager,write"
)

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rowalign-sweep", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.db, "db", "", "DuckDB `file` to measure, opened read-only (default: generate the demo table in a temporary file)")
	fs.StringVar(&o.table, "table", "", "`table` to measure (default \""+bench.DemoTable+"\" for the generated table)")
	fs.Int64Var(&o.rows, "rows", bench.DemoRows, "rows of the generated demo table (29 columns)")
	fs.IntVar(&o.reps, "reps", 3, "repetitions of each configuration (the median is reported)")
	fs.StringVar(&o.sizes, "sizes", "", "comma-separated page sizes in rows (default: 10000, 1, 2 and 4 row groups, and 2 row groups rounded up to 10,000s)")
	fs.StringVar(&o.strategies, "strategies", strings.Join(bench.DefaultStrategies, ","), "comma-separated strategies: "+strings.Join(bench.AllStrategies, ", "))
	fs.BoolVar(&o.json, "json", false, "print JSON instead of a table")
	fs.StringVar(&o.svg, "svg", defaultSVG, "write the plot to this `file` (empty: no plot)")
	fs.StringVar(&o.gen, "generate", "", "write the demo table (-rows rows) into this new DuckDB `file` and exit")
	fs.BoolVar(&o.quiet, "q", false, "no progress output")
	fs.StringVar(&o.save, "save", "", "also write the JSON report to this `file`")
	fs.BoolVar(&o.quick, "quick", false, "a short sweep for a first look: -rows 500000 -reps 1 -strategies "+quickStrategies+" at 1 and 2 row groups and 2 rounded up to 10,000s, unless those flags are given")
	fs.StringVar(&o.replot, "replot", "", "print the table and write the plot of a saved JSON report `file` (-save), measuring nothing")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: rowalign-sweep [-db file.duckdb -table t] [flags]\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if o.quick {
		set := make(map[string]bool)
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["rows"] {
			o.rows = quickRows
		}
		if !set["reps"] {
			o.reps = quickReps
		}
		if !set["strategies"] {
			o.strategies = quickStrategies
		}
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "rowalign-sweep: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if o.reps < 1 || o.rows < 1 {
		fmt.Fprintln(stderr, "rowalign-sweep: -reps and -rows must be at least 1")
		return exitUsage
	}
	strategies, err := parseStrategies(o.strategies)
	if err != nil {
		fmt.Fprintln(stderr, "rowalign-sweep:", err)
		return exitUsage
	}
	sizes, err := parseSizes(o.sizes)
	if err != nil {
		fmt.Fprintln(stderr, "rowalign-sweep:", err)
		return exitUsage
	}

	if o.replot != "" {
		return replot(o, stdout, stderr)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if o.gen != "" {
		if _, err := os.Stat(o.gen); err == nil {
			fmt.Fprintf(stderr, "rowalign-sweep: %s exists; -generate writes a new file only\n", o.gen)
			return exitError
		}
		if err := bench.Generate(ctx, o.gen, o.rows); err != nil {
			fmt.Fprintln(stderr, "rowalign-sweep: generate:", err)
			return exitError
		}
		return exitOK
	}

	source, table := o.db, o.table
	if source == "" {
		dir, err := os.MkdirTemp("", "rowalign-sweep-")
		if err != nil {
			fmt.Fprintln(stderr, "rowalign-sweep:", err)
			return exitError
		}
		defer os.RemoveAll(dir)
		source = filepath.Join(dir, "demo.duckdb")
		if table == "" {
			table = bench.DemoTable
		}
		if !o.quiet {
			fmt.Fprintf(stderr, "generating the %s-row, 29-column demo table in %s ...\n", bench.Thousands(o.rows), source)
		}
		if err := bench.GenerateInChild(ctx, source, o.rows); err != nil {
			fmt.Fprintln(stderr, "rowalign-sweep: generate:", err)
			return exitError
		}
	} else if table == "" {
		fmt.Fprintln(stderr, "rowalign-sweep: -db needs -table")
		return exitUsage
	}

	info, err := inspect(ctx, source, table)
	if err != nil {
		fmt.Fprintln(stderr, "rowalign-sweep:", err)
		return exitError
	}
	if info.Layout.Live == 0 {
		fmt.Fprintf(stderr, "rowalign-sweep: table %s has no rows: nothing to measure\n", table)
		return exitError
	}
	if !o.json {
		printUnit(stdout, info)
	}
	if len(sizes) == 0 && o.quick {
		g := info.Layout.RowGroupSize
		sizes = []int64{g, 2 * g, misaligned(2 * g)}
	} else if len(sizes) == 0 {
		sizes = defaultSizes(info.Layout.RowGroupSize)
	}
	cfgs := configs(strategies, sizes, info.Layout.RowGroupSize)
	if len(cfgs) == 0 {
		fmt.Fprintln(stderr, "rowalign-sweep: nothing to measure (the pager needs sizes that are whole row groups)")
		return exitUsage
	}

	var progress bench.Progress
	if !o.quiet {
		progress = newProgress(stderr)
	}
	started, load0 := time.Now(), loadAvg()
	results, runErr := bench.Run(ctx, source, table, info.Layout.RowGroupSize, cfgs, o.reps, progress)
	interrupted := runErr != nil && ctx.Err() != nil
	if runErr != nil && !interrupted {
		fmt.Fprintln(stderr, "rowalign-sweep:", runErr)
		return exitError
	}
	rep := report{Info: info, Reps: o.reps, Date: started.UTC().Format(time.RFC3339), Machine: machine(),
		Results: results, Interrupted: interrupted}
	if load0 != "" {
		rep.Load = fmt.Sprintf("1-minute load average %s at the start, %s at the end, on %d cores", load0, loadAvg(), numCPU())
	}
	js, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		fmt.Fprintln(stderr, "rowalign-sweep:", err)
		return exitError
	}
	js = append(js, '\n')
	if o.save != "" {
		if err := os.WriteFile(o.save, js, 0o644); err != nil {
			fmt.Fprintln(stderr, "rowalign-sweep:", err)
			return exitError
		}
	}
	if o.json {
		stdout.Write(js)
	} else {
		printTable(stdout, rep)
	}
	if o.svg != "" && len(results) > 0 {
		if err := os.WriteFile(o.svg, plot(rep), 0o644); err != nil {
			fmt.Fprintln(stderr, "rowalign-sweep:", err)
			return exitError
		}
		if !o.quiet {
			fmt.Fprintf(stderr, "plot written to %s\n", o.svg)
		}
	}
	failed := false
	for _, r := range results {
		if r.Err != "" {
			fmt.Fprintf(stderr, "rowalign-sweep: %s failed: %s\n", r.Label, r.Err)
			failed = true
		}
	}
	switch {
	case interrupted:
		fmt.Fprintf(stderr, "rowalign-sweep: interrupted: printed the %d configurations measured so far\n", len(results))
		return exitInterrupted
	case failed:
		return exitError
	}
	return exitOK
}

// replot prints and plots a saved report.
func replot(o options, stdout, stderr io.Writer) int {
	b, err := os.ReadFile(o.replot)
	if err != nil {
		fmt.Fprintln(stderr, "rowalign-sweep:", err)
		return exitError
	}
	var rep report
	if err := json.Unmarshal(b, &rep); err != nil {
		fmt.Fprintf(stderr, "rowalign-sweep: %s: %v\n", o.replot, err)
		return exitError
	}
	printUnit(stdout, rep.Info)
	printTable(stdout, rep)
	if o.svg != "" {
		if err := os.WriteFile(o.svg, plot(rep), 0o644); err != nil {
			fmt.Fprintln(stderr, "rowalign-sweep:", err)
			return exitError
		}
	}
	return exitOK
}

// tableInfo is what the sweep found about the table.
type tableInfo struct {
	Source    string       `json:"source"`
	Table     string       `json:"table"`
	DuckDB    string       `json:"duckdb_version"`
	Layout    pager.Layout `json:"layout"`
	LastGroup int64        `json:"last_group_rows"`
	Deleted   int64        `json:"deleted_rows"`
	// Fill is the table's fill in percent, as rowalign-db audit reports
	// it (pager.Layout.Fill: live rows over what the groups could hold
	// with only the last one partial).
	Fill           float64 `json:"fill_pct"`
	RecommendRows  int64   `json:"recommended_page_rows"`
	RecommendGroup int     `json:"recommended_row_groups"`
}

// inspect opens the source read-only and reads the table's layout.
func inspect(ctx context.Context, source, table string) (tableInfo, error) {
	info := tableInfo{Source: source, Table: table}
	st, err := os.Stat(source)
	if err != nil {
		return info, err
	}
	if st.IsDir() {
		return info, fmt.Errorf("%s is a directory, not a DuckDB file", source)
	}
	db, err := bench.OpenReadOnly(source)
	if err != nil {
		return info, fmt.Errorf("open %s: %w", source, err)
	}
	defer db.Close()
	if err := db.QueryRowContext(ctx, `SELECT version()`).Scan(&info.DuckDB); err != nil {
		return info, err
	}
	l, err := pager.Inspect(ctx, db, table)
	if err != nil {
		if errors.Is(err, pager.ErrNotTable) {
			return info, fmt.Errorf("%s is not a table (a view?): only a base table has row groups to sweep: %w", table, err)
		}
		return info, err
	}
	info.Layout = l
	info.Deleted = l.Deleted()
	info.Fill = 100 * l.Fill()
	if n := len(l.Groups); n > 0 {
		info.LastGroup = l.Groups[n-1].Count
	}
	if g := l.RowGroupSize; g > 0 {
		info.RecommendGroup = int(max(1, recommendedPageRows/g))
		if len(l.Groups) == 1 {
			// One group: its capacity is not visible (a partial group's
			// count is all the metadata says), and one page holds it all.
			info.RecommendGroup = 1
		}
		info.RecommendRows = int64(info.RecommendGroup) * g
	}
	return info, nil
}

func printUnit(w io.Writer, info tableInfo) {
	l := info.Layout
	fmt.Fprintf(w, "table %s in %s (DuckDB %s)\n", info.Table, info.Source, info.DuckDB)
	fmt.Fprintf(w, "  row group size: %s rows; %d row group%s (last %s rows), fill %.1f%%\n",
		bench.Thousands(l.RowGroupSize), len(l.Groups), plural(len(l.Groups)), bench.Thousands(info.LastGroup), info.Fill)
	fmt.Fprintf(w, "  rows: %s live, %s deleted (rowid gaps)\n", bench.Thousands(l.Live), bench.Thousands(info.Deleted))
	if len(l.Groups) == 1 {
		fmt.Fprintf(w, "  (a single row group: the table's unit cannot be read from it; DuckDB's default is 122,880 rows)\n")
	}
	fmt.Fprintf(w, "  recommended page: %s rows = %d row group%s: pager.Pages(ctx, db, %q, pager.RowGroups(%d))\n\n",
		bench.Thousands(info.RecommendRows), info.RecommendGroup, plural(info.RecommendGroup), info.Table, info.RecommendGroup)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func parseStrategies(s string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !slices.Contains(bench.AllStrategies, f) {
			return nil, fmt.Errorf("unknown strategy %q (have %s)", f, strings.Join(bench.AllStrategies, ", "))
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("-strategies is empty")
	}
	return out, nil
}

func parseSizes(s string) ([]int64, error) {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		f = strings.ReplaceAll(strings.TrimSpace(f), "_", "")
		if f == "" {
			continue
		}
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad page size %q", f)
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// defaultSizes is 10,000 rows, 1, 2 and 4 row groups, and 2 row groups
// rounded up to the next 10,000 (the misaligned twin: 250,000 for 245,760).
func defaultSizes(g int64) []int64 {
	out := []int64{smallPageRows, g, 2 * g, misaligned(2 * g), 4 * g}
	slices.Sort(out)
	return slices.Compact(out)
}

// misaligned returns n rounded up to the next multiple of 10,000 (n+10,000
// when n already is one).
func misaligned(n int64) int64 {
	return (n/smallPageRows + 1) * smallPageRows
}

// configs builds the sweep: every sized strategy at every size, the pager
// at the sizes that are whole row groups, scan and copy once.
func configs(strategies []string, sizes []int64, g int64) []bench.Config {
	var out []bench.Config
	for _, s := range strategies {
		switch {
		case !bench.Sized(s):
			out = append(out, bench.Config{Strategy: s})
		case s == bench.Pager:
			for _, n := range sizes {
				if g > 0 && n%g == 0 {
					out = append(out, bench.Config{Strategy: s, PageRows: n, Groups: int(n / g)})
				}
			}
		default:
			for _, n := range sizes {
				out = append(out, bench.Config{Strategy: s, PageRows: n})
			}
		}
	}
	return out
}

// newProgress returns a progress reporter: a bar redrawn in place on a
// terminal, plain lines otherwise.
func newProgress(w io.Writer) bench.Progress {
	f, ok := w.(*os.File)
	tty := ok && term.IsTerminal(int(f.Fd()))
	return func(done, total int, next string, eta time.Duration) {
		etaText := "ETA --"
		if done > 0 {
			etaText = "ETA " + eta.Round(time.Second).String()
		}
		if !tty {
			if next != "" {
				fmt.Fprintf(w, "[%d/%d] %s (%s)\n", done+1, total, next, etaText)
			}
			return
		}
		width := 30
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			width = max(10, min(40, cols-60))
		}
		filled := width * done / max(total, 1)
		bar := strings.Repeat("█", filled) + strings.Repeat("░", width-filled)
		line := fmt.Sprintf("\r%s %d/%d %-28s %s", bar, done, total, next, etaText)
		if next == "" {
			line += "\n"
		}
		fmt.Fprint(w, line+"\x1b[K")
	}
}

func machine() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s, %d cores, %s", host, numCPU(), memTotal())
}
