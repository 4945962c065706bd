package storage

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// TestSchedule: jobs never hold more slots than there are, a job runs
// after the jobs it waits for, a job asking for more slots than exist gets
// them all, and the first error cancels the jobs not yet run and is the
// one wait returns.
func TestSchedule(t *testing.T) {
	s := newSchedule(context.Background(), 2)
	var mu sync.Mutex
	held, most := 0, 0
	var order []string
	hold := func(name string, n int) func(context.Context) error {
		return func(context.Context) error {
			mu.Lock()
			held += n
			most = max(most, held)
			order = append(order, name)
			mu.Unlock()
			time.Sleep(20 * time.Millisecond)
			mu.Lock()
			held -= n
			mu.Unlock()
			return nil
		}
	}
	big := s.job(2, nil, hold("big", 2))
	huge := s.job(5, []<-chan struct{}{big}, hold("huge", 2)) // clamped to 2
	var smalls []<-chan struct{}
	for range 4 {
		smalls = append(smalls, s.job(1, nil, hold("small", 1)))
	}
	last := s.job(1, append(smalls, huge), hold("last", 1))
	if err := s.wait(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-last:
	default:
		t.Errorf("the last job did not run")
	}
	if most > 2 {
		t.Errorf("%d slots held at once, 2 exist", most)
	}
	if i, j := index(order, "big"), index(order, "huge"); i < 0 || j < i || order[len(order)-1] != "last" {
		t.Errorf("order %v: want big before huge, last at the end", order)
	}

	s = newSchedule(context.Background(), 1)
	boom := errors.New("boom")
	ran := false
	first := s.job(1, nil, func(context.Context) error { return boom })
	s.job(1, []<-chan struct{}{first}, func(context.Context) error { ran = true; return nil })
	s.job(1, nil, func(context.Context) error { return errors.New("later") })
	if err := s.wait(); !errors.Is(err, boom) && err.Error() != "later" {
		t.Errorf("wait: %v", err)
	}
	if ran {
		t.Errorf("a job waiting for a failed job ran")
	}
}

func index(s []string, x string) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}

// TestSumString: repair prints "verified 1,000,000 rows", with separators
// like every other count (it printed "verified 1000000 rows").
func TestSumString(t *testing.T) {
	for rows, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1_000_000: "1,000,000", 122_880: "122,880"} {
		if got := (Sum{Rows: rows, Hash: "7"}).String(); got != want+" rows, checksum 7" {
			t.Errorf("Sum{Rows: %d}.String() = %q", rows, got)
		}
	}
}
