// Package keysetselect syncs user profiles from the DuckDB feature store
// to the search cluster with a keyset walk.
package keysetselect

import (
	"context"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
)

type Profile struct {
	UserID int64  `db:"user_id"`
	Bio    string `db:"bio"`
}

type Sink interface {
	Put(ctx context.Context, p []Profile) error
}

const profilesPerRound = 50_000 // expect: pagesize

func Sync(ctx context.Context, sink Sink) error {
	db := sqlx.MustOpen("duckdb", "features.duckdb")
	defer db.Close()
	var after int64 = -1
	for {
		var batch []Profile
		if err := db.SelectContext(ctx, &batch, "SELECT user_id, bio FROM profiles WHERE user_id > ? ORDER BY user_id LIMIT ?", after, profilesPerRound); err != nil { // expect: offsetwalk
			return err
		}
		if len(batch) == 0 {
			return nil
		}
		if err := sink.Put(ctx, batch); err != nil {
			return err
		}
		after = batch[len(batch)-1].UserID
	}
}
