// Package store is an application's DuckDB store; ingest calls it.
package store

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Event struct {
	ID   int64
	Kind string
}

type Store struct{ db *sql.DB }

func Open(path string) (*Store, error) {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

// Put writes one event.
func (s *Store) Put(ctx context.Context, e Event) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO events VALUES (?, ?)", e.ID, e.Kind)
	return err
}

// PutTx writes one event in the caller's transaction or on its pool.
func PutTx(ctx context.Context, x interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, e Event) error {
	_, err := x.ExecContext(ctx, "INSERT INTO events VALUES (?, ?)", e.ID, e.Kind)
	return err
}

// DB hands out the pool.
func (s *Store) DB() *sql.DB { return s.db }
