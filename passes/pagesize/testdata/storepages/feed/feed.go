// Package feed streams every audit event to a sink, through the events
// repository's listings.
package feed

import (
	"context"

	"example.com/fixtures/storepages/events"
)

func All(ctx context.Context, r *events.Repo, sink func(events.Event)) error {
	for n := 0; ; n++ {
		page, err := r.Page(ctx, n, 200_000) // want `^page size 200000 splits DuckDB's 122880-row row groups`
		if err != nil || len(page) == 0 {
			return err
		}
		for _, e := range page {
			sink(e)
		}
	}
}

func Logins(ctx context.Context, r *events.Repo, sink func(events.Event)) error {
	for off := 0; ; off += 50_000 {
		page, err := r.Find(ctx, events.Filter{Kind: "login", Limit: 50_000, Offset: off}) // want `^page size 50000 is smaller than DuckDB's 122880-row row group`
		if err != nil || len(page) == 0 {
			return err
		}
		for _, e := range page {
			sink(e)
		}
	}
}
