// Package hits buffers page hits and writes each full buffer with one
// multi-row INSERT ... VALUES in autocommit: every statement is a commit
// of the whole buffer.
package hits

import (
	"context"
	"database/sql"
	"strings"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Hit struct {
	Site, Path string
	At         int64
}

type Store struct {
	db *sql.DB
}

// Under a row group a multi-row INSERT ... VALUES in autocommit fills the
// groups whole (3 x 100,000 rows: 122,880 + 122,880 + 54,240 before any
// CHECKPOINT; docs/measurements.md, "Commits under a row group"): not
// reported.
const bufferRows = 100_000

func (s *Store) Consume(ctx context.Context, in <-chan Hit) error {
	buf := make([]Hit, 0, bufferRows)
	for h := range in {
		buf = append(buf, h)
		if len(buf) >= bufferRows {
			if err := s.insertHits(ctx, buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	if len(buf) > 0 {
		return s.insertHits(ctx, buf)
	}
	return nil
}

// insertHits writes hits with one statement.
func (s *Store) insertHits(ctx context.Context, hits []Hit) error {
	var b strings.Builder
	b.WriteString("INSERT INTO hits (site, path, at) VALUES ")
	args := make([]any, 0, 3*len(hits))
	for i, h := range hits {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(?, ?, ?)")
		args = append(args, h.Site, h.Path, h.At)
	}
	_, err := s.db.ExecContext(ctx, b.String(), args...)
	return err
}

// Tick records one progress row every 10,000 hits: one row, not a batch.
func (s *Store) Tick(ctx context.Context, in <-chan Hit) error {
	n := 0
	for range in {
		n++
		if n%10_000 == 0 {
			if _, err := s.db.ExecContext(ctx, "INSERT INTO progress VALUES (?)", n); err != nil {
				return err
			}
		}
	}
	return nil
}
