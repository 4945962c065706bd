// Package iterator walks a table through an iterator that yields rowid
// bounds.
package iterator

import (
	"context"
	"database/sql"
	"iter"

	_ "github.com/duckdb/duckdb-go/v2"
)

// spans yields [lo, hi) bounds of step rows up to n.
func spans(n, step int64) iter.Seq2[int64, int64] {
	return func(yield func(int64, int64) bool) {
		for lo := int64(0); lo < n; lo += step {
			if !yield(lo, min(lo+step, n)) {
				return
			}
		}
	}
}

func Reindex(ctx context.Context, db *sql.DB, index func(id int64, text string)) error {
	var n int64
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM articles").Scan(&n); err != nil {
		return err
	}
	for lo, hi := range spans(n, 200_000) { // expect: pagesize
		rows, err := db.QueryContext(ctx, "SELECT id, body FROM articles WHERE rowid >= ? AND rowid < ?", lo, hi)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			var body string
			if err := rows.Scan(&id, &body); err != nil {
				rows.Close()
				return err
			}
			index(id, body)
		}
		rows.Close()
	}
	return nil
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
