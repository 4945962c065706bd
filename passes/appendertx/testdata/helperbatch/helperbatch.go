// Package helperbatch appends each full batch through a helper that
// flushes: the batch, not the Appender's own 204,800-row flush, decides
// what each flush commits (commitsize reports the 75,000), so appendertx
// stays silent.
package helperbatch

import (
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"
)

type Sink struct {
	app   *duckdb.Appender
	batch [][]driver.Value
}

func (s *Sink) Consume(src <-chan []driver.Value) error {
	for row := range src {
		s.batch = append(s.batch, row)
		if len(s.batch) >= 75_000 {
			if err := s.flush(); err != nil {
				return err
			}
		}
	}
	return s.flush()
}

func (s *Sink) flush() error {
	for _, r := range s.batch {
		if err := s.app.AppendRow(r...); err != nil {
			return err
		}
	}
	s.batch = s.batch[:0]
	return s.app.Flush()
}

// Drain appends a whole channel with no flush of its own: the Appender
// flushes every 204,800 rows by itself, outside a transaction.
func (s *Sink) Drain(src <-chan []driver.Value) error {
	for row := range src {
		if err := s.app.AppendRow(row...); err != nil { // want `Appender`
			return err
		}
	}
	return s.app.Close()
}
