// Command compactmeasure times the ways of copying a DuckDB database into
// a new file side by side, in one run, and audits every copy's row groups:
// the measurement behind compact's copy strategy (docs/measurements.md,
// "Compact: copy strategies").
//
//	go run ./duckdb/internal/cmd/compactmeasure -src big.duckdb [-rounds 2] [-strategies a,b] [-bin name=path ...]
//
// Every run is a child process (its peak RSS is read from rusage), and
// the rounds alternate the order of the strategies, so a shared machine's
// load falls on all of them alike; the load average is printed beside
// every run. The strategies (each attaches -src read-only and a new file,
// copies, CHECKPOINTs and detaches; the time covers all of it):
//
//	copydb     COPY FROM DATABASE src TO dst, DuckDB's threads (the baseline)
//	insert1    COPY FROM DATABASE (SCHEMA), then INSERT ... SELECT * per table, SET threads = 1
//	insert2    the same with DuckDB's threads (preserve_insertion_order on, the default)
//	noorder2   the same with DuckDB's threads and preserve_insertion_order = false
//	orderby2   INSERT ... SELECT * ... ORDER BY rowid per table, DuckDB's threads
//
// The new file keeps -src's storage version (ATTACH ... (STORAGE_VERSION
// ...), as compact does), so that every strategy writes the format compact
// writes.
//
// -bin name=path (repeatable) also times "path compact -apply -no-backup"
// on a fresh copy of -src (the copy is not timed): the whole tool, with
// its checkpoint, audit and verification. -copydb name=path (repeatable)
// times copydb in path, a compactmeasure built against another DuckDB
// ("path -one copydb"), as copydb:name; compact:name is then compared with
// copydb:name, so that one run sets two DuckDB versions side by side:
//
//	compactmeasure -src f.duckdb -strategies copydb -bin new=rowalign-db \
//	    -copydb 1.5.6=compactmeasure-1.5.6 -bin 1.5.6=rowalign-db-1.5.6
//
// -phases adds -v to the compact runs (a rowalign-db that has it prints
// every phase's wall and CPU seconds on stderr), and has every strategy
// print its statements' seconds the same way. It links DuckDB (cgo).
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

type bins []string

func (b *bins) String() string     { return strings.Join(*b, ",") }
func (b *bins) Set(s string) error { *b = append(*b, s); return nil }

var strategies = map[string]string{
	"copydb":   "COPY FROM DATABASE, DuckDB's threads",
	"insert1":  "INSERT per table, 1 thread",
	"insert2":  "INSERT per table, DuckDB's threads",
	"noorder2": "INSERT per table, DuckDB's threads, preserve_insertion_order = false",
	"orderby2": "INSERT per table ORDER BY rowid, DuckDB's threads",
}

func main() {
	one := flag.String("one", "", "run one strategy in this process (used by the parent)")
	src := flag.String("src", "", "the database to copy")
	dst := flag.String("dst", "", "the new file (with -one)")
	rounds := flag.Int("rounds", 2, "rounds; each times every strategy once")
	list := flag.String("strategies", "copydb,insert1,orderby2,insert2,noorder2", "strategies, comma-separated")
	dir := flag.String("dir", "", "where the copies go (default: next to -src)")
	phases := flag.Bool("phases", false, "print every phase's wall and CPU seconds on stderr (compact -v; each strategy's statements)")
	var b, copydbs bins
	flag.Var(&b, "bin", "`name=path` of a rowalign-db binary whose compact is timed (repeatable)")
	flag.Var(&copydbs, "copydb", "`name=path` of a compactmeasure binary (another DuckDB) whose copydb is timed (repeatable)")
	flag.Parse()
	ctx := context.Background()
	if *one != "" {
		if err := copyOnce(ctx, *one, *src, *dst, *phases); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if *src == "" {
		flag.Usage()
		os.Exit(2)
	}
	if *dir == "" {
		*dir = filepath.Dir(*src)
	}
	var runs []string
	for _, s := range strings.Split(*list, ",") {
		if _, ok := strategies[s]; !ok {
			fmt.Fprintf(os.Stderr, "unknown strategy %q\n", s)
			os.Exit(2)
		}
		runs = append(runs, s)
	}
	for _, nb := range copydbs {
		if name, _, ok := strings.Cut(nb, "="); ok {
			runs = append(runs, "copydb:"+name)
		}
	}
	for _, nb := range b {
		if name, _, ok := strings.Cut(nb, "="); ok {
			runs = append(runs, "compact:"+name)
		}
	}
	st, err := os.Stat(*src)
	check(err)
	before, err := storage.AuditFile(ctx, *src)
	check(err)
	fmt.Printf("source %s: %.1f MB; %s\n", *src, float64(st.Size())/1e6, layout(before))
	fmt.Printf("%d cores, %s UTC\n", numCPU(), time.Now().UTC().Format("2006-01-02 15:04"))
	results := map[string][]float64{} // wall seconds
	cpus := map[string][]float64{}    // CPU seconds
	rss := map[string][]float64{}     // peak RSS, MiB
	for r := 0; r < *rounds; r++ {
		order := slices.Clone(runs)
		if r%2 == 1 {
			slices.Reverse(order)
		}
		for _, s := range order {
			out := filepath.Join(*dir, "compactmeasure-"+strings.ReplaceAll(s, ":", "-")+".duckdb")
			os.Remove(out)
			os.Remove(out + ".wal")
			var cmd *exec.Cmd
			if name, ok := strings.CutPrefix(s, "compact:"); ok {
				check(copyFile(*src, out))
				args := []string{"compact", "-apply", "-no-backup"}
				if *phases {
					args = append(args, "-v")
				}
				cmd = exec.Command(binPath(b, name), append(args, out)...)
			} else {
				self, err := os.Executable()
				check(err)
				strategy := s
				if name, ok := strings.CutPrefix(s, "copydb:"); ok {
					self, strategy = binPath(copydbs, name), "copydb"
				}
				cmd = exec.Command(self, "-one", strategy, "-src", *src, "-dst", out, fmt.Sprintf("-phases=%v", *phases))
			}
			cmd.Stderr = os.Stderr
			load := loadAvg()
			t0 := time.Now()
			check(cmd.Run())
			secs := time.Since(t0).Seconds()
			ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
			after, err := storage.AuditFile(ctx, out)
			check(err)
			fst, err := os.Stat(out)
			check(err)
			cpu := (time.Duration(ru.Utime.Nano()) + time.Duration(ru.Stime.Nano())).Seconds()
			results[s] = append(results[s], secs)
			cpus[s] = append(cpus[s], cpu)
			rss[s] = append(rss[s], float64(ru.Maxrss)/1024)
			fmt.Printf("round %d  %-16s %7.1f s wall  %7.1f s cpu  peak RSS %5.0f MiB  %7.1f MB  %s  load %s -> %s\n",
				r+1, s, secs, cpu, float64(ru.Maxrss)/1024,
				float64(fst.Size())/1e6, layout(after), load, loadAvg())
			os.Remove(out)
			os.Remove(out + ".wal")
		}
	}
	fmt.Println("\nmedians of all runs (wall seconds follow the machine's load; CPU seconds follow the work):")
	for _, s := range runs {
		m, c := median(results[s]), median(cpus[s])
		// A compact of another DuckDB is compared with that DuckDB's copydb.
		baseName := "copydb"
		if name, ok := strings.CutPrefix(s, "compact:"); ok && results["copydb:"+name] != nil {
			baseName = "copydb:" + name
		}
		if strings.HasPrefix(s, "copydb:") {
			baseName = s
		}
		base, baseCPU := median(results[baseName]), median(cpus[baseName])
		ratio := ""
		if base > 0 && baseCPU > 0 {
			ratio = fmt.Sprintf("  %.2fx %s wall, %.2fx cpu", m/base, baseName, c/baseCPU)
		}
		fmt.Printf("  %-16s wall %7.1f %v  cpu %7.1f %v  peak RSS %v MiB%s\n", s, m, fmtAll(results[s]), c, fmtAll(cpus[s]), fmtAll(rss[s]), ratio)
	}
}

// copyOnce runs one strategy: src attached read-only, dst a new file;
// phases prints each statement's wall and CPU seconds on stderr.
func copyOnce(ctx context.Context, strategy, src, dst string, phases bool) error {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	exec := func(q string) error {
		t0, c0 := time.Now(), cpuTime()
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("%s: %s: %w", strategy, q, err)
		}
		if phases {
			fmt.Fprintf(os.Stderr, "compactmeasure %s: %7.2f s wall %7.2f s cpu  %s\n", strategy, time.Since(t0).Seconds(), (cpuTime() - c0).Seconds(), q)
		}
		return nil
	}
	if err := exec(`ATTACH '` + src + `' AS src (READ_ONLY)`); err != nil {
		return err
	}
	// The new file in -src's storage version, as compact writes it.
	v, err := storage.ReadVersion(src)
	if err != nil {
		return err
	}
	if v.Option() == "" {
		return fmt.Errorf("%s: %s, which this DuckDB does not write", src, v)
	}
	if err := exec(`ATTACH '` + dst + `' AS dst (STORAGE_VERSION '` + v.Option() + `')`); err != nil {
		return err
	}
	if strategy == "copydb" {
		if err := exec(`COPY FROM DATABASE src TO dst`); err != nil {
			return err
		}
	} else {
		switch strategy {
		case "insert1":
			err = exec(`SET threads = 1`)
		case "noorder2":
			err = exec(`SET preserve_insertion_order = false`)
		}
		if err != nil {
			return err
		}
		if err := exec(`COPY FROM DATABASE src TO dst (SCHEMA)`); err != nil {
			return err
		}
		rows, err := conn.QueryContext(ctx, `SELECT schema_name, table_name FROM duckdb_tables() WHERE database_name = 'src' AND NOT internal ORDER BY ALL`)
		if err != nil {
			return err
		}
		var tables []string
		for rows.Next() {
			var s, t string
			if err := rows.Scan(&s, &t); err != nil {
				return err
			}
			tables = append(tables, `"`+strings.ReplaceAll(s, `"`, `""`)+`"."`+strings.ReplaceAll(t, `"`, `""`)+`"`)
		}
		rows.Close()
		for _, t := range tables {
			q := `INSERT INTO dst.` + t + ` SELECT * FROM src.` + t
			if strategy == "orderby2" {
				q += ` ORDER BY rowid`
			}
			if err := exec(q); err != nil {
				return err
			}
		}
	}
	if err := exec(`CHECKPOINT dst`); err != nil {
		return err
	}
	if err := exec(`DETACH dst`); err != nil {
		return err
	}
	return exec(`DETACH src`)
}

// layout sums a report's groups: "N groups, P partial".
func layout(r *storage.Report) string {
	var groups, partial int
	for _, t := range r.Tables {
		groups += t.Groups()
		partial += t.Partial
	}
	return fmt.Sprintf("%d groups, %d partial", groups, partial)
}

func binPath(b bins, name string) string {
	for _, nb := range b {
		if n, p, _ := strings.Cut(nb, "="); n == name {
			return p
		}
	}
	return ""
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// cpuTime is this process's user and system time, every thread.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

func numCPU() int {
	b, _ := os.ReadFile("/proc/cpuinfo")
	return strings.Count(string(b), "processor\t:")
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func fmtAll(xs []float64) string {
	p := make([]string, len(xs))
	for i, x := range xs {
		p[i] = fmt.Sprintf("%.1f", x)
	}
	return "[" + strings.Join(p, " ") + "]"
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
