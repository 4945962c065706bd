// Package streambatch publishes a DuckDB table to a message queue: one
// streaming query, cut into 100,000-row messages for the consumers.
// expect: none
package streambatch

import (
	"context"
	"database/sql"
	"encoding/json"

	_ "github.com/duckdb/duckdb-go/v2"
)

const messageRows = 100_000

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}

type rec struct {
	ID    int64   `json:"id"`
	Score float64 `json:"score"`
}

func Publish(ctx context.Context, db *sql.DB, pub Publisher) error {
	rows, err := db.QueryContext(ctx, "SELECT id, score FROM scores")
	if err != nil {
		return err
	}
	defer rows.Close()
	batch := make([]rec, 0, messageRows)
	flush := func() error {
		body, err := json.Marshal(batch)
		if err != nil {
			return err
		}
		batch = batch[:0]
		return pub.Publish(ctx, "scores", body)
	}
	for rows.Next() {
		var r rec
		if err := rows.Scan(&r.ID, &r.Score); err != nil {
			return err
		}
		batch = append(batch, r)
		if len(batch) == messageRows {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if len(batch) > 0 {
		return flush()
	}
	return rows.Err()
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
