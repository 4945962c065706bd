// Package bench measures ways of walking a DuckDB table, each run in a child
// process of its own so that its peak memory (maxrss) is its own. It is
// shared by the pager's benchmark table and duckdb/cmd/rowalign-sweep.
//
// A program that uses it calls [Child] first thing in main: when the
// process was started as a measurement child, Child runs the measurement,
// prints its result and exits.
package bench

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/rowalign/rowalign/runtime/pager"
)

// Strategies, in the order tables and plots list them.
const (
	Scan    = "scan"    // one unpaged SELECT *
	Offset  = "offset"  // SELECT * ... LIMIT n OFFSET o
	OrderBy = "orderby" // SELECT * ... ORDER BY rowid LIMIT n OFFSET o
	Keyset  = "keyset"  // SELECT * ... WHERE k > last ORDER BY k LIMIT n, k the first column
	Rowid   = "rowid"   // rowid ranges of n rows, one transaction
	Overlap = "overlap" // rowid ranges, the next page's query run while the current page is scanned
	Pager   = "pager"   // pager.Pages, k whole row groups per page
	Write   = "write"   // INSERT ... SELECT per rowid page, commit per page
	Copy    = "copy"    // pager.Copy
)

// AllStrategies lists every strategy.
var AllStrategies = []string{Scan, Offset, OrderBy, Keyset, Rowid, Overlap, Pager, Write, Copy}

// DefaultStrategies is what a sweep measures unless told otherwise: all but
// Overlap, an experiment whose result docs/pager.md records, and Keyset,
// which needs a unique first column and is quadratic at small pages
// (minutes on a million rows; docs/measurements.md).
var DefaultStrategies = []string{Scan, Offset, OrderBy, Rowid, Pager, Write, Copy}

// Sized reports whether a strategy takes a page size.
func Sized(s string) bool { return s != Scan && s != Copy }

// Writes reports whether a strategy writes (into a temporary destination).
func Writes(s string) bool { return s == Write || s == Copy }

// Config is one measured configuration.
type Config struct {
	Strategy string `json:"strategy"`
	// PageRows is the page size in rows (0 for scan and copy); for the pager
	// it is Groups times the table's row group size.
	PageRows int64 `json:"page_rows,omitempty"`
	// Groups is the pager's page size in row groups.
	Groups int `json:"groups,omitempty"`
}

func (c Config) String() string {
	switch {
	case c.Strategy == Pager:
		return fmt.Sprintf("pager %d rg (%s)", c.Groups, Thousands(c.PageRows))
	case c.PageRows > 0:
		return fmt.Sprintf("%s %s", c.Strategy, Thousands(c.PageRows))
	}
	return c.Strategy
}

// Job is what a child measures (or, with Generate set, generates).
type Job struct {
	// Generate, when above zero, makes the child write the demo table with
	// that many rows into Source instead of measuring.
	Generate int64  `json:"generate,omitempty"`
	Source   string `json:"source"` // DuckDB file, opened read-only
	Table    string `json:"table"`
	Dest     string `json:"dest"` // temporary DuckDB file for writes
	Config   Config `json:"config"`
	// RowGroupSize is the source table's unit; a written group smaller
	// than it (and than the destination's largest), before the last, is
	// partial.
	RowGroupSize int64 `json:"row_group_size,omitempty"`
}

// Sample is one child's measurement.
type Sample struct {
	Wall       time.Duration `json:"wall_ns"`
	CPU        time.Duration `json:"cpu_ns"`
	Checkpoint time.Duration `json:"checkpoint_ns"`
	MaxRSS     int64         `json:"max_rss_bytes"`
	Rows       int64         `json:"rows"`
	// What a write left on disk after its CHECKPOINT: the destination
	// file's bytes (and its WAL's), its row groups, and how many of them,
	// before the last, are partial. What a misaligned commit size costs
	// shows here first: the walk's wall time hides it among the rest.
	FileBytes     int64  `json:"file_bytes,omitempty"`
	Groups        int    `json:"groups,omitempty"`
	PartialGroups int    `json:"partial_groups,omitempty"`
	Err           string `json:"error,omitempty"`
}

// childEnv carries a Job into a child process.
const childEnv = "ROWALIGN_BENCH_CHILD"

// Child runs the measurement and exits when this process is a measurement
// child; it returns at once otherwise.
func Child() {
	spec := os.Getenv(childEnv)
	if spec == "" {
		return
	}
	var j Job
	var s Sample
	if err := json.Unmarshal([]byte(spec), &j); err != nil {
		s.Err = err.Error()
	} else if j.Generate > 0 {
		if err := Generate(context.Background(), j.Source, j.Generate); err != nil {
			s.Err = err.Error()
		}
	} else if s, err = Measure(context.Background(), j); err != nil {
		s.Err = err.Error()
	}
	json.NewEncoder(os.Stdout).Encode(s)
	os.Exit(0)
}

// Spawn runs j in a child process (this executable, which must call Child)
// and returns its sample with the child's peak RSS.
//
// Linux carries a process's peak RSS across exec, and os/exec starts the
// child in the parent's address space (vfork): the child's maxrss is at
// least the parent's peak. So the parent must stay small: it never loads
// a table itself (see GenerateInChild); measured 2026-11-30, a parent that
// had generated the 1M-row table in-process put a floor of 304 MiB under
// every child.
func Spawn(ctx context.Context, j Job) (Sample, error) {
	exe, err := os.Executable()
	if err != nil {
		return Sample{}, err
	}
	spec, _ := json.Marshal(j)
	cmd := exec.CommandContext(ctx, exe)
	cmd.Env = append(os.Environ(), childEnv+"="+string(spec))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return Sample{}, ctx.Err()
	}
	if err != nil {
		return Sample{}, fmt.Errorf("%s: %v: %s", j.Config, err, strings.TrimSpace(stderr.String()))
	}
	var s Sample
	if err := json.Unmarshal(out, &s); err != nil {
		return Sample{}, fmt.Errorf("%s: bad child output %q: %v", j.Config, out, err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.MaxRSS = ru.Maxrss * 1024 // KiB on Linux
	}
	if s.Err != "" {
		return s, fmt.Errorf("%s: %s", j.Config, s.Err)
	}
	return s, nil
}

// srcCatalog is the name the source is attached under when a measurement
// writes (into the temporary database it opens as main).
const srcCatalog = "rowalign_src"

// Measure runs j in this process: it opens the source read-only, attaches
// the destination for writes, walks, and (for writes) checkpoints the
// destination. Every row of every column is scanned into Go values.
func Measure(ctx context.Context, j Job) (Sample, error) {
	var s Sample
	var db *sql.DB
	var err error
	table := j.Table
	if Writes(j.Config.Strategy) {
		// A database opened read-only attaches read-only too: open the
		// temporary destination and attach the source to it, read-only.
		os.Remove(j.Dest)
		defer os.Remove(j.Dest)
		defer os.Remove(j.Dest + ".wal")
		if db, err = sql.Open("duckdb", j.Dest); err != nil {
			return s, err
		}
		defer db.Close()
		db.SetMaxOpenConns(1) // the attach is per database, but keep one connection for all
		if _, err := db.ExecContext(ctx, fmt.Sprintf(`ATTACH '%s' AS %s (READ_ONLY)`, strings.ReplaceAll(j.Source, "'", "''"), srcCatalog)); err != nil {
			return s, err
		}
		table = srcCatalog + "." + table
	} else {
		if db, err = OpenReadOnly(j.Source); err != nil {
			return s, err
		}
		defer db.Close()
		db.SetMaxOpenConns(1)
	}
	tbl, err := pager.QuoteName(table)
	if err != nil {
		return s, err
	}
	dst := pager.Ident("main", "dst")
	if Writes(j.Config.Strategy) {
		if _, err := db.ExecContext(ctx, `CREATE TABLE `+dst+` AS SELECT * FROM `+tbl+` LIMIT 0`); err != nil {
			return s, err
		}
	}
	var total int64
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM `+tbl).Scan(&total); err != nil {
		return s, err
	}
	var maxRowid int64
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(rowid), -1) FROM `+tbl).Scan(&maxRowid); err != nil {
		return s, err
	}
	cpu0 := cpuTime()
	t0 := time.Now()
	n := j.Config.PageRows
	switch j.Config.Strategy {
	case Scan:
		s.Rows, err = scanQuery(ctx, db, `SELECT * FROM `+tbl)
	case Offset, OrderBy:
		order := ""
		if j.Config.Strategy == OrderBy {
			order = " ORDER BY rowid"
		}
		for off := int64(0); ; off += n {
			got, err2 := scanQuery(ctx, db, fmt.Sprintf(`SELECT * FROM %s%s LIMIT %d OFFSET %d`, tbl, order, n, off))
			s.Rows += got
			if err = err2; err != nil || got < n {
				break
			}
		}
	case Keyset:
		s.Rows, err = keysetWalk(ctx, db, tbl, n)
		if err == nil && s.Rows != total {
			err = fmt.Errorf("the keyset walk over the first column read %d of %d rows: the column is not a unique key", s.Rows, total)
		}
	case Rowid:
		err = inTx(ctx, db, func(tx *sql.Tx) error {
			for lo := int64(0); lo <= maxRowid; lo += n {
				got, err := scanQuery(ctx, tx, fmt.Sprintf(`SELECT * FROM %s WHERE rowid >= %d AND rowid < %d`, tbl, lo, lo+n))
				s.Rows += got
				if err != nil {
					return err
				}
			}
			return nil
		})
	case Overlap:
		// The experiment behind the pager's one-group figure: can the next
		// page's DuckDB work overlap the Go side's scanning of this one,
		// inside the one transaction a snapshot needs? database/sql lets
		// the goroutine run the query on the transaction's connection
		// between the scanner's Rows.Next calls.
		err = inTx(ctx, db, func(tx *sql.Tx) error {
			type result struct {
				rows *sql.Rows
				err  error
			}
			query := func(lo int64) <-chan result {
				ch := make(chan result, 1)
				go func() {
					rows, err := tx.QueryContext(ctx, fmt.Sprintf(`SELECT * FROM %s WHERE rowid >= %d AND rowid < %d`, tbl, lo, lo+n))
					ch <- result{rows, err}
				}()
				return ch
			}
			next := query(0)
			for lo := int64(0); lo <= maxRowid; lo += n {
				r := <-next
				if r.err != nil {
					return r.err
				}
				if lo+n <= maxRowid {
					next = query(lo + n)
				}
				got, err := scanRows(r.rows)
				r.rows.Close()
				s.Rows += got
				if err != nil {
					return err
				}
			}
			return nil
		})
	case Pager:
		err = pager.Walk(ctx, db, table, func(p *pager.Page) error {
			got, err := scanRows(p.Rows)
			s.Rows += got
			return err
		}, pager.RowGroups(j.Config.Groups))
	case Write:
		for lo := int64(0); lo <= maxRowid; lo += n {
			res, err2 := db.ExecContext(ctx, fmt.Sprintf(`INSERT INTO %s SELECT * FROM %s WHERE rowid >= %d AND rowid < %d`, dst, tbl, lo, lo+n))
			if err = err2; err != nil {
				break
			}
			got, _ := res.RowsAffected()
			s.Rows += got
		}
	case Copy:
		s.Rows, err = pager.Copy(ctx, db, table, dst)
	default:
		err = fmt.Errorf("unknown strategy %q", j.Config.Strategy)
	}
	if err != nil {
		return s, err
	}
	if Writes(j.Config.Strategy) {
		c0 := time.Now()
		if _, err := db.ExecContext(ctx, `CHECKPOINT`); err != nil {
			return s, err
		}
		s.Checkpoint = time.Since(c0)
	}
	s.Wall = time.Since(t0)
	s.CPU = cpuTime() - cpu0
	if s.Rows != total {
		return s, fmt.Errorf("%s delivered %d rows, the table has %d", j.Config, s.Rows, total)
	}
	if Writes(j.Config.Strategy) {
		if err := written(ctx, db, j, &s); err != nil {
			return s, err
		}
	}
	return s, nil
}

// written records what a write left, after the timed part: the
// destination's file size and its row groups.
func written(ctx context.Context, db *sql.DB, j Job, s *Sample) error {
	for _, f := range []string{j.Dest, j.Dest + ".wal"} {
		if fi, err := os.Stat(f); err == nil {
			s.FileBytes += fi.Size()
		}
	}
	l, err := pager.Inspect(ctx, db, "main.dst")
	if err != nil {
		return err
	}
	s.Groups = len(l.Groups)
	unit := max(l.RowGroupSize, j.RowGroupSize)
	for i, g := range l.Groups {
		if i < len(l.Groups)-1 && g.Count < unit {
			s.PartialGroups++
		}
	}
	return nil
}

// GenerateInChild writes the demo table in a child process, so that this
// process's peak RSS stays small (see Spawn).
func GenerateInChild(ctx context.Context, path string, rows int64) error {
	_, err := Spawn(ctx, Job{Source: path, Generate: rows, Config: Config{Strategy: "generate"}})
	return err
}

// OpenReadOnly opens a DuckDB file read-only.
func OpenReadOnly(path string) (*sql.DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	db, err := sql.Open("duckdb", path+"?access_mode=read_only")
	if err != nil {
		return nil, err
	}
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func inTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(tx)
}

func scanQuery(ctx context.Context, q querier, query string) (int64, error) {
	rows, err := q.QueryContext(ctx, query)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	return scanRows(rows)
}

// keysetWalk walks tbl as keyset pagination does, k > last ORDER BY k
// LIMIT n with k the table's first column, and returns the rows read.
func keysetWalk(ctx context.Context, db *sql.DB, tbl string, n int64) (int64, error) {
	rows, err := db.QueryContext(ctx, `SELECT * FROM `+tbl+` LIMIT 0`)
	if err != nil {
		return 0, err
	}
	cols, err := rows.Columns()
	rows.Close()
	if err != nil || len(cols) == 0 {
		return 0, fmt.Errorf("keyset: columns of %s: %v", tbl, err)
	}
	key := pager.Ident(cols[0])
	var total int64
	var last any
	for {
		q := fmt.Sprintf(`SELECT * FROM %s ORDER BY %s LIMIT %d`, tbl, key, n)
		args := []any{}
		if last != nil {
			q = fmt.Sprintf(`SELECT * FROM %s WHERE %s > ? ORDER BY %s LIMIT %d`, tbl, key, key, n)
			args = append(args, last)
		}
		got, lastKey, err := scanKeyed(ctx, db, q, args)
		total += got
		if err != nil || got < n {
			return total, err
		}
		last = lastKey
	}
}

// scanKeyed is scanRows that also returns the last row's first column.
func scanKeyed(ctx context.Context, db *sql.DB, q string, args []any) (int64, any, error) {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return 0, nil, err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var n int64
	var last any
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, nil, err
		}
		n++
		last = vals[0]
	}
	return n, last, rows.Err()
}

// scanRows scans every column of every row into Go values, as a program
// that uses the rows would.
func scanRows(rows *sql.Rows) (int64, error) {
	cols, err := rows.Columns()
	if err != nil {
		return 0, err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var n int64
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		n++
	}
	return n, rows.Err()
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Result is the median of a configuration's samples.
type Result struct {
	Config     Config        `json:"config"`
	Label      string        `json:"label"`
	Aligned    bool          `json:"aligned"`
	Reps       int           `json:"reps"`
	Wall       time.Duration `json:"wall_ns"`
	CPU        time.Duration `json:"cpu_ns"`
	Checkpoint time.Duration `json:"checkpoint_ns"`
	MaxRSS     int64         `json:"max_rss_bytes"`
	// FileBytes, Groups and PartialGroups are the writes' medians (Sample).
	FileBytes     int64    `json:"file_bytes,omitempty"`
	Groups        int      `json:"groups,omitempty"`
	PartialGroups int      `json:"partial_groups,omitempty"`
	Samples       []Sample `json:"samples"`
	Err           string   `json:"error,omitempty"`
}

// Progress reports a sweep's progress: done of total runs, the run about to
// start, and an estimate of the time left.
type Progress func(done, total int, next string, eta time.Duration)

// Run measures every configuration reps times, alternating them (round r
// starts at configuration r, so no configuration always runs first after a
// cold start) and returns the medians. Cancelling ctx stops it: the results
// of the rounds finished so far are returned with ctx's error.
func Run(ctx context.Context, source, table string, groupSize int64, cfgs []Config, reps int, progress Progress) ([]Result, error) {
	dir, err := os.MkdirTemp("", "rowalign-bench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	samples := make([][]Sample, len(cfgs))
	errs := make([]string, len(cfgs))
	total := reps * len(cfgs)
	done := 0
	start := time.Now()
	var runErr error
loop:
	for r := range reps {
		for i := range cfgs {
			c := (i + r) % len(cfgs)
			if progress != nil {
				var eta time.Duration
				if done > 0 {
					eta = time.Since(start) / time.Duration(done) * time.Duration(total-done)
				}
				progress(done, total, cfgs[c].String(), eta)
			}
			s, err := Spawn(ctx, Job{Source: source, Table: table, Dest: filepath.Join(dir, "dest.duckdb"), Config: cfgs[c], RowGroupSize: groupSize})
			if ctx.Err() != nil {
				runErr = ctx.Err()
				break loop
			}
			if err != nil {
				errs[c] = err.Error()
			} else {
				samples[c] = append(samples[c], s)
			}
			done++
		}
	}
	if progress != nil {
		progress(done, total, "", 0)
	}
	var out []Result
	for i, c := range cfgs {
		res := Result{Config: c, Label: c.String(), Reps: len(samples[i]), Samples: samples[i], Err: errs[i],
			Aligned: Sized(c.Strategy) && groupSize > 0 && c.PageRows%groupSize == 0}
		if len(samples[i]) == 0 {
			if res.Err == "" {
				continue // never ran: interrupted
			}
		} else {
			res.Wall = median(samples[i], func(s Sample) time.Duration { return s.Wall })
			res.CPU = median(samples[i], func(s Sample) time.Duration { return s.CPU })
			res.Checkpoint = median(samples[i], func(s Sample) time.Duration { return s.Checkpoint })
			res.MaxRSS = int64(median(samples[i], func(s Sample) time.Duration { return time.Duration(s.MaxRSS) }))
			res.FileBytes = int64(median(samples[i], func(s Sample) time.Duration { return time.Duration(s.FileBytes) }))
			res.Groups = int(median(samples[i], func(s Sample) time.Duration { return time.Duration(s.Groups) }))
			res.PartialGroups = int(median(samples[i], func(s Sample) time.Duration { return time.Duration(s.PartialGroups) }))
		}
		out = append(out, res)
	}
	return out, runErr
}

func median(ss []Sample, f func(Sample) time.Duration) time.Duration {
	v := make([]time.Duration, len(ss))
	for i, s := range ss {
		v[i] = f(s)
	}
	slices.SortFunc(v, cmp.Compare)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// Thousands formats n with comma separators.
func Thousands(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + Thousands(-n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
