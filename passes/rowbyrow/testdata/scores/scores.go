// Package scores keeps evaluation scores in DuckDB (omneval/omneval,
// internal/lake/lake.go): insertScores prepares its INSERT and runs it
// per element, a batch writer's shape, but its only callers, all in this
// package, hand it one score at a time.
package scores

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Score struct {
	ID    string
	Value float64
}

type Lake struct{ db *sql.DB }

func (l *Lake) insertScores(ctx context.Context, scores []*Score) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO scores (id, value) VALUES (?, ?)`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, s := range scores {
		if _, err := stmt.ExecContext(ctx, s.ID, s.Value); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Record stores the score one request computed.
func (l *Lake) Record(ctx context.Context, s *Score) error {
	return l.insertScores(ctx, []*Score{s})
}

// RecordPair stores a judge's two scores.
func (l *Lake) RecordPair(ctx context.Context, a, b *Score) error {
	return l.insertScores(ctx, []*Score{a, b})
}
