package storage

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"time"
)

// schedule runs Compact's copy and checksums as jobs, as many threads'
// worth at once as DuckDB had threads before the copy. Every statement
// runs on one thread (SET threads = 1: the copy must, to write whole row
// groups, see copier), so the parallelism is the jobs': a table's copy in
// parts holds a slot per part, a checksum one slot. The checksums of a
// table overlap the copy of the next: the original's may run any time,
// the copy's once the table's rows are committed, and a table whose
// foreign key names another is copied once that one is committed.
//
// Slots are granted first come, first served among the jobs that are
// ready, so a table's copy in parts is not starved by checksums.
type schedule struct {
	ctx    context.Context
	cancel context.CancelFunc

	slots int // in all

	mu    sync.Mutex
	free  int
	queue []*waiter
	err   error
	wg    sync.WaitGroup
	work  map[string]*Phase // by kind: job seconds and thread CPU seconds, summed
}

type waiter struct {
	n     int
	ready chan struct{}
}

// Kinds of work the jobs do (CompactResult.Work).
const (
	WorkCopy    = "copy rows"
	WorkSumOrig = "sum original"
	WorkSumCopy = "sum copy"
)

func newSchedule(ctx context.Context, slots int) *schedule {
	ctx, cancel := context.WithCancel(ctx)
	slots = max(1, slots)
	return &schedule{ctx: ctx, cancel: cancel, slots: slots, free: slots, work: map[string]*Phase{}}
}

// job runs f holding n slots (at most all of them) once every channel in
// after is closed, and returns a channel closed when f has returned
// without error. The first error cancels every job.
func (s *schedule) job(n int, after []<-chan struct{}, f func(ctx context.Context) error) <-chan struct{} {
	done := make(chan struct{})
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for _, a := range after {
			select {
			case <-a:
			case <-s.ctx.Done():
				return
			}
		}
		n := min(max(n, 1), s.slots)
		if err := s.acquire(n); err != nil {
			return
		}
		err := f(s.ctx)
		s.release(n)
		if err != nil {
			s.fail(err)
			return
		}
		close(done)
	}()
	return done
}

// wait waits for every job and returns the first error.
func (s *schedule) wait() error {
	s.wg.Wait()
	s.cancel()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *schedule) fail(err error) {
	s.mu.Lock()
	if s.err == nil {
		s.err = err
	}
	s.mu.Unlock()
	s.cancel()
}

// errCanceled is acquire's answer once a job has failed: the failure is
// the schedule's error.
var errCanceled = errors.New("canceled")

func (s *schedule) acquire(n int) error {
	s.mu.Lock()
	if len(s.queue) == 0 && s.free >= n {
		s.free -= n
		s.mu.Unlock()
		return nil
	}
	w := &waiter{n: n, ready: make(chan struct{})}
	s.queue = append(s.queue, w)
	s.mu.Unlock()
	select {
	case <-w.ready:
		return nil
	case <-s.ctx.Done():
		s.mu.Lock()
		defer s.mu.Unlock()
		select {
		case <-w.ready:
			s.free += n // granted meanwhile: give it back
		default:
			for i, q := range s.queue {
				if q == w {
					s.queue = append(s.queue[:i], s.queue[i+1:]...)
					break
				}
			}
		}
		s.grant()
		return errCanceled
	}
}

func (s *schedule) release(n int) {
	s.mu.Lock()
	s.free += n
	s.grant()
	s.mu.Unlock()
}

// grant hands free slots to the waiters in their order.
func (s *schedule) grant() {
	for len(s.queue) > 0 && s.free >= s.queue[0].n {
		w := s.queue[0]
		s.queue = s.queue[1:]
		s.free -= w.n
		close(w.ready)
	}
}

// timed runs f on the calling goroutine's own OS thread and adds its wall
// time and that thread's CPU time to kind's work. With one DuckDB thread
// a statement runs on the thread that calls it, so the thread's CPU is
// the statement's. s may be nil.
func (s *schedule) timed(kind string, f func() error) error {
	if s == nil {
		return f()
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, c0 := time.Now(), threadCPU()
	err := f()
	wall, cpu := time.Since(t0), threadCPU()-c0
	s.mu.Lock()
	p := s.work[kind]
	if p == nil {
		p = &Phase{Name: kind}
		s.work[kind] = p
	}
	p.Seconds += wall.Seconds()
	p.CPUSeconds += cpu.Seconds()
	s.mu.Unlock()
	return err
}

// works returns the work by kind, in the order of kinds.
func (s *schedule) works(kinds ...string) []Phase {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Phase
	for _, k := range kinds {
		if p := s.work[k]; p != nil {
			out = append(out, *p)
		}
	}
	return out
}
