// Package errgroup is a compile-only stub of golang.org/x/sync/errgroup
// for rowalign's fixtures, with the real signatures. Unlike the other
// stubs it works: Go runs f in a goroutine and Wait returns the first error.
package errgroup

import (
	"context"
	"sync"
)

// Group runs goroutines and collects their first error.
type Group struct {
	wg   sync.WaitGroup
	once sync.Once
	err  error
}

// WithContext returns a Group and a context for it.
func WithContext(ctx context.Context) (*Group, context.Context) { return &Group{}, ctx }

// SetLimit bounds the number of goroutines (the stub ignores it).
func (g *Group) SetLimit(n int) {}

// Go runs f in a goroutine.
func (g *Group) Go(f func() error) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		if err := f(); err != nil {
			g.once.Do(func() { g.err = err })
		}
	}()
}

// Wait waits for every goroutine and returns the first error.
func (g *Group) Wait() error {
	g.wg.Wait()
	return g.err
}
