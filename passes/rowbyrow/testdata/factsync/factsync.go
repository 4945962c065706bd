// Package factsync keeps search facts in DuckDB (thiagoalcav/hitkeep,
// internal/database/store_search_console.go): UpsertFacts writes one
// upsert per element of its parameter inside a transaction helper's
// closure. How many elements there are, its callers say: in this
// package, a file's lines.
package factsync

import (
	"context"
	"database/sql"
	"encoding/csv"
	"os"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Fact struct {
	Query  string
	Clicks int
}

type Store struct{ db *sql.DB }

type sqlExecContext interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func (s *Store) Transact(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (s *Store) upsertFacts(ctx context.Context, inputs []Fact) error {
	return s.Transact(ctx, func(tx *sql.Tx) error {
		for _, input := range inputs {
			if err := upsertFact(ctx, tx, input); err != nil { // want `upsertFact writes one row \(INSERT\) per loop iteration`
				return err
			}
		}
		return nil
	})
}

func upsertFact(ctx context.Context, exec sqlExecContext, input Fact) error {
	_, err := exec.ExecContext(ctx, `INSERT INTO facts (query, clicks) VALUES (?, ?)
		ON CONFLICT (query) DO UPDATE SET clicks = excluded.clicks`, input.Query, input.Clicks)
	return err
}

// ImportFile loads an export of the facts, a CSV file of any size.
func (s *Store) ImportFile(ctx context.Context, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return err
	}
	facts := make([]Fact, 0, len(records))
	for _, rec := range records {
		n, _ := strconv.Atoi(rec[1])
		facts = append(facts, Fact{Query: rec[0], Clicks: n})
	}
	return s.upsertFacts(ctx, facts)
}

func (s *Store) defaultsInto(ctx context.Context, inputs []Fact) error {
	return s.Transact(ctx, func(tx *sql.Tx) error {
		for _, input := range inputs {
			if err := upsertFact(ctx, tx, input); err != nil {
				return err
			}
		}
		return nil
	})
}

// Defaults writes the two facts every new site starts with: the only
// caller of defaultsInto hands it a literal.
func (s *Store) Defaults(ctx context.Context) error {
	return s.defaultsInto(ctx, []Fact{{Query: "home"}, {Query: "about"}})
}
