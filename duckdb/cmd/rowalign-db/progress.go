package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

// progressEvery is how often a long repair or compact says what it is
// doing: a compact of a 1 GB file takes minutes, and a line every few
// seconds shows it is alive without flooding a terminal. A variable so
// that the tests can shorten it.
var progressEvery = 5 * time.Second

// phaseWords says what each phase does, for a progress line.
var phaseWords = map[string]string{
	storage.PhaseCheckpoint: "checkpointing the original",
	storage.PhaseAudit:      "auditing",
	storage.PhaseSchema:     "copying the catalog",
	storage.PhaseCopy:       "copying",
	storage.PhaseVerify:     "comparing the catalogs",
	storage.PhaseSumOrig:    "checksumming the original",
	storage.PhaseSumCopy:    "checksumming the copy",
	storage.PhaseDetach:     "closing the new file",
	storage.PhaseSwap:       "swapping the new file in",
	storage.PhaseIndexes:    "dropping the original table, recreating its indexes",
	storage.PhaseCommit:     "committing",
}

// progressFlag adds -progress to fs: on, off, or (not given) on when
// stderr is a terminal.
func progressFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("progress", false, "print what a long run is doing on stderr, a line every few seconds (default: when stderr is a terminal)")
}

// wantProgress reports whether to print progress: as -progress says when
// it was given, else when stderr is a terminal. Progress goes to stderr
// only, so a script reading stdout sees the same either way.
func wantProgress(fs *flag.FlagSet, on bool, stderr io.Writer) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "progress" })
	if given {
		return on
	}
	f, ok := stderr.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progress prints the latest status of a repair or compact every
// progressEvery, from the first interval on: a run shorter than that
// prints nothing.
type progress struct {
	w     io.Writer
	cmd   string
	start time.Time

	mu     sync.Mutex
	st     storage.Status
	since  time.Time // when st's phase started
	base   int64     // st.Writing's size when st arrived
	stopCh chan struct{}
	done   chan struct{}
}

// startProgress starts printing; stop ends it. A nil progress (progress
// not wanted) does nothing.
func startProgress(on bool, w io.Writer, cmd string) *progress {
	if !on {
		return nil
	}
	p := &progress{w: w, cmd: cmd, start: time.Now(), since: time.Now(), stopCh: make(chan struct{}), done: make(chan struct{})}
	go p.loop()
	return p
}

// status is the hook storage calls as the work moves on.
func (p *progress) status(s storage.Status) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if s.Phase != p.st.Phase {
		// A new phase: its time and the bytes it writes count from here.
		p.since, p.base = time.Now(), 0
		if s.Writing != "" {
			p.base = fileSize(s.Writing)
		}
	}
	p.st = s
}

// hook is p.status, or nil for no progress.
func (p *progress) hook() func(storage.Status) {
	if p == nil {
		return nil
	}
	return p.status
}

func (p *progress) stop() {
	if p == nil {
		return
	}
	close(p.stopCh)
	<-p.done
}

func (p *progress) loop() {
	defer close(p.done)
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	for {
		select {
		case <-p.stopCh:
			return
		case <-tick.C:
			fmt.Fprintln(p.w, p.line())
		}
	}
}

// line is one progress line: the phase in words, the table it last took
// up, the bytes the phase has written so far against what it is expected
// to write, the phase's seconds and the whole run's.
func (p *progress) line() string {
	p.mu.Lock()
	st, since, base := p.st, p.since, p.base
	p.mu.Unlock()
	what := phaseWords[st.Phase]
	if what == "" {
		what = st.Phase
	}
	if what == "" {
		what = "starting"
	}
	switch {
	case len(st.Running) > 0 || st.Done > 0:
		// Compact's copy: its jobs overlap.
		what = running(st.Running) + fmt.Sprintf(" (%d of %d tables copied)", st.Done, st.Tables)
	case st.Table != "":
		what += fmt.Sprintf(" %s (table %d of %d, %s rows)", st.Table, st.Index+1, st.Tables, thousands(st.Rows))
	case st.Tables > 1:
		what += fmt.Sprintf(" %d tables", st.Tables)
	}
	if st.Writing != "" {
		written := max(0, fileSize(st.Writing)-base)
		what += ": " + mb(written) + " written"
		if st.Expect > 0 {
			what += " of about " + mb(st.Expect)
		}
	}
	return fmt.Sprintf("rowalign-db %s: %s; %s in this step, %s in all", p.cmd, what, seconds(time.Since(since)), seconds(time.Since(p.start)))
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.0f s", d.Seconds()) }

// running words compact's running jobs: "copying main.a, main.b;
// checksumming main.c in both files".
func running(jobs []storage.Job) string {
	tables := map[string][]string{}
	for _, j := range jobs {
		tables[j.Work] = append(tables[j.Work], j.Table)
	}
	var parts []string
	if c := tables[storage.WorkCopy]; len(c) > 0 {
		parts = append(parts, "copying "+strings.Join(c, ", "))
	}
	o, n := tables[storage.WorkSumOrig], tables[storage.WorkSumCopy]
	switch {
	case len(o) > 0 && slices.Equal(o, n):
		parts = append(parts, "checksumming "+strings.Join(o, ", ")+" in both files")
	default:
		if len(o) > 0 {
			parts = append(parts, "checksumming "+strings.Join(o, ", ")+" in the original")
		}
		if len(n) > 0 {
			parts = append(parts, "checksumming "+strings.Join(n, ", ")+" in the new file")
		}
	}
	if len(parts) == 0 {
		return "copying"
	}
	return strings.Join(parts, "; ")
}
