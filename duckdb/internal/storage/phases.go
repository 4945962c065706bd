package storage

import (
	"sync"
	"syscall"
	"time"
)

// Phase is how long one step of a compact or a repair took: wall seconds
// and the process's CPU seconds (user + system, every thread: DuckDB's
// work runs in this process), and the process's peak resident memory at
// its end (a peak so far: the phase where it grows is the one that set
// it). On a shared machine the wall time follows the load; the CPU time
// follows the work.
type Phase struct {
	Name         string  `json:"name"`
	Seconds      float64 `json:"seconds"`
	CPUSeconds   float64 `json:"cpu_seconds"`
	PeakRSSBytes int64   `json:"peak_rss_bytes"`
}

// Status is what a long compact or repair is doing now, for a progress
// line: the phase, the table it works on, and, while a table is copied,
// the file being written and the bytes it is expected to grow by (the
// table's size after an aligned rewrite), so that a caller can read the
// file's size as it grows.
type Status struct {
	Phase string
	// Running is what compact's copy phase runs now, its jobs
	// overlapping; Done counts the tables copied of Tables.
	Running []Job
	Done    int
	// Table is the table the phase works on ("" for none); it is table
	// Index (from 0) of Tables, with Rows live rows.
	Table         string
	Index, Tables int
	Rows          int64
	// Writing is the file the phase writes, or "".
	Writing string
	// Expect is the bytes Writing is expected to grow by (0: unknown).
	Expect int64
}

// Job is one of compact's overlapping jobs: a kind of work (WorkCopy,
// WorkSumOrig, WorkSumCopy) on a table.
type Job struct {
	Work, Table string
}

// Phase names, as Phases and Status carry them.
const (
	PhaseCheckpoint = "checkpoint" // CHECKPOINT of the original (repair: after the commit)
	PhaseAudit      = "audit"      // the audit before (repair: after)
	PhaseSchema     = "schema"     // COPY FROM DATABASE (SCHEMA)
	PhaseCopy       = "copy"       // the rows (compact: and both files' sums, see CompactResult.Work)
	PhaseVerify     = "verify"     // compact: both catalogs, and the sums compared
	PhaseSumOrig    = "sum-orig"   // repair: the table's count and checksum before
	PhaseSumCopy    = "sum-copy"   // repair: the same of the copy, compared
	PhaseDetach     = "detach"     // closing the new file (its CHECKPOINT)
	PhaseSwap       = "swap"       // lock, backup link, rename
	PhaseIndexes    = "indexes"    // repair: drop the old table, recreate its indexes and comments
	PhaseCommit     = "commit"     // repair: COMMIT
	phaseNone       = ""           // no phase running
)

// clock records phases and reports each start to the caller's status
// hook. Its methods may be called from several goroutines.
type clock struct {
	mu     sync.Mutex
	phases []Phase
	name   string
	t0     time.Time
	cpu0   time.Duration
	status func(Status)
}

// start ends the running phase and starts the next one.
func (c *clock) start(s Status) {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.stopLocked()
	c.name, c.t0 = s.Phase, time.Now()
	c.cpu0, _ = usage()
	hook := c.status
	c.mu.Unlock()
	if hook != nil {
		hook(s)
	}
}

// report tells the status hook what the running phase works on now.
func (c *clock) report(s Status) {
	if c == nil {
		return
	}
	c.mu.Lock()
	hook := c.status
	c.mu.Unlock()
	if hook != nil {
		hook(s)
	}
}

// stop ends the running phase and returns every phase so far.
func (c *clock) stop() []Phase {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stopLocked()
	return append([]Phase(nil), c.phases...)
}

func (c *clock) stopLocked() {
	if c.name == phaseNone {
		return
	}
	cpu, rss := usage()
	c.phases = append(c.phases, Phase{
		Name:         c.name,
		Seconds:      time.Since(c.t0).Seconds(),
		CPUSeconds:   (cpu - c.cpu0).Seconds(),
		PeakRSSBytes: rss,
	})
	c.name = phaseNone
}

// usage is the process's user and system time so far, every thread, and
// its peak resident memory (Linux counts ru_maxrss in KiB).
func usage() (cpu time.Duration, peakRSS int64) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), int64(ru.Maxrss) * 1024
}
