// Package pgstore keeps sessions in a database its caller opens: it
// imports no driver, so the engine of its handle is not known here.
package pgstore

import (
	"context"
	"database/sql"
)

type Sessions struct{ db *sql.DB }

func New(db *sql.DB) *Sessions { return &Sessions{db: db} }

// Touch marks one session seen.
func (s *Sessions) Touch(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, "UPDATE sessions SET seen = now() WHERE id = $1", id)
	return err
}

// Save writes one session on the handle the caller passes.
func Save(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO sessions VALUES ($1)", id)
	return err
}
