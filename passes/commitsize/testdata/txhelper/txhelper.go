// Package ledger saves entries into DuckDB one transaction per chunk,
// through the project's dbtx.InTx, which commits each.
package ledger

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/dbtx"
)

type Entry struct {
	Account string
	Cents   int64
}

const chunkRows = 200_000 // want `^commit size chunkRows = 200000 splits DuckDB's 122880-row row groups`

func Save(ctx context.Context, db *sql.DB, entries []Entry) error {
	for start := 0; start < len(entries); start += chunkRows {
		end := min(start+chunkRows, len(entries))
		err := dbtx.InTx(ctx, db, func(tx *sql.Tx) error {
			for _, e := range entries[start:end] {
				if _, err := tx.ExecContext(ctx, "INSERT INTO entries VALUES (?, ?)", e.Account, e.Cents); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// Stream commits every 150,000 entries it receives.
func Stream(ctx context.Context, db *sql.DB, in <-chan Entry) error {
	var batch []Entry
	save := func(tx *sql.Tx) error {
		for _, e := range batch {
			if _, err := tx.ExecContext(ctx, "INSERT INTO entries VALUES (?, ?)", e.Account, e.Cents); err != nil {
				return err
			}
		}
		return nil
	}
	for e := range in {
		batch = append(batch, e)
		if len(batch) == 150_000 { // want `^commit size 150000 splits DuckDB's 122880-row row groups`
			if err := dbtx.InTx(ctx, db, save); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return dbtx.InTx(ctx, db, save)
}

// Totals reads in chunks and commits nothing.
func Totals(ctx context.Context, db *sql.DB, accounts []string) (map[string]int64, error) {
	out := make(map[string]int64)
	for start := 0; start < len(accounts); start += 1_000 {
		end := min(start+1_000, len(accounts))
		err := dbtx.ReadTx(ctx, db, func(tx *sql.Tx) error {
			for _, a := range accounts[start:end] {
				var n int64
				if err := tx.QueryRowContext(ctx, "SELECT sum(cents) FROM entries WHERE account = ?", a).Scan(&n); err != nil {
					return err
				}
				out[a] = n
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
