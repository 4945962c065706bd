// Package helpers writes one row per helper call, and calls the helpers
// in loops.
package helpers

import (
	"context"
	"database/sql"
	"iter"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Metric struct {
	Name  string
	Value float64
}

func insertMetric(ctx context.Context, db *sql.DB, m Metric) error {
	_, err := db.ExecContext(ctx, "INSERT INTO metrics (name, value) VALUES (?, ?)", m.Name, m.Value)
	return err
}

// saveMetric adds logging around insertMetric: a helper of a helper.
func saveMetric(ctx context.Context, db *sql.DB, m Metric) error {
	if err := insertMetric(ctx, db, m); err != nil {
		return err
	}
	return nil
}

func Flush(ctx context.Context, db *sql.DB, ms <-chan Metric) error {
	for m := range ms {
		if err := insertMetric(ctx, db, m); err != nil { // want `insertMetric writes one row \(INSERT\) per loop iteration \(each statement commits alone`
			return err
		}
	}
	return nil
}

func FlushLogged(ctx context.Context, db *sql.DB, ms iter.Seq2[string, float64]) error {
	for name, v := range ms {
		if err := saveMetric(ctx, db, Metric{name, v}); err != nil { // want `saveMetric writes one row \(INSERT\)`
			return err
		}
	}
	return nil
}

type Repo struct{ tx *sql.Tx }

func (r *Repo) Touch(id int64) error {
	_, err := r.tx.Exec("UPDATE sessions SET seen = now() WHERE id = ?", id)
	return err
}

func TouchAll(r *Repo, ids <-chan int64) error {
	for id := range ids {
		if err := r.Touch(id); err != nil { // want `Touch writes one row \(UPDATE\) per loop iteration \(in the transaction`
			return err
		}
	}
	return nil
}

// Record is called once per request: not reported.
func Record(ctx context.Context, db *sql.DB, m Metric) error {
	return insertMetric(ctx, db, m)
}
