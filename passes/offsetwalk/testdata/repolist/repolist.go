// Package repolist holds the commands of the code-search CLI. They talk
// to the store through an interface; the SQL is in package store.
package repolist

import (
	"context"
	"fmt"
	"io"

	"example.com/fixtures/repolist/store"
)

// Lister is what the commands need of a store.
type Lister interface {
	ListRepositories(ctx context.Context, limit, offset int) ([]store.Repository, error)
}

const reindexBatch = 100

// Reindex feeds every repository to the indexer, 100 at a time: the
// loop walks the whole table through the store's page query.
func Reindex(ctx context.Context, l Lister, index func(store.Repository) error) error {
	for offset := 0; ; offset += reindexBatch {
		repos, err := l.ListRepositories(ctx, reindexBatch, offset) // want `^LIMIT/OFFSET page walk with ORDER BY via store.\(\*DuckStore\).ListRepositories \(query at store.go:35\): every page sorts the rest of the table again \(quadratic\); use rowalign's pager.Pages$`
		if err != nil {
			return err
		}
		for _, r := range repos {
			if err := index(r); err != nil {
				return err
			}
		}
		if len(repos) < reindexBatch {
			return nil
		}
	}
}

// List prints one page, as `codesearch list -page N` asks: no walk.
func List(ctx context.Context, l Lister, w io.Writer, page int) error {
	repos, err := l.ListRepositories(ctx, 20, page*20)
	if err != nil {
		return err
	}
	for _, r := range repos {
		fmt.Fprintf(w, "%6d %s (%d stars)\n", r.ID, r.Name, r.Stars)
	}
	return nil
}

// Top prints the first page straight from the store: no walk either.
func Top(ctx context.Context, s *store.DuckStore, w io.Writer) error {
	repos, err := s.ListRepositories(ctx, 10, 0)
	if err != nil {
		return err
	}
	for _, r := range repos {
		fmt.Fprintln(w, r.Name)
	}
	return nil
}

// Export walks the store directly, no interface between.
func Export(ctx context.Context, s *store.DuckStore, w io.Writer) error {
	for page := 0; ; page++ {
		repos, err := s.ListRepositories(ctx, 500, page*500) // want `^LIMIT/OFFSET page walk with ORDER BY via store.\(\*DuckStore\).ListRepositories \(query at store.go:35\)`
		if err != nil || len(repos) == 0 {
			return err
		}
		for _, r := range repos {
			fmt.Fprintln(w, r.Name)
		}
	}
}
