// Package seedqueue keeps a scraper's crawl queue in a DuckDB file of its
// own (go-mizu/mizu, blueprints/search/pkg/scrape/amazon/state.go).
package seedqueue

import (
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

// State manages the crawl queue in a separate DuckDB.
type State struct {
	db   *sql.DB
	path string
}

// OpenState opens or creates the state DuckDB database.
func OpenState(path string) (*State, error) {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return nil, fmt.Errorf("open state duckdb %s: %w", path, err)
	}
	return &State{db: db, path: path}, nil
}

// Close closes the database.
func (s *State) Close() error { return s.db.Close() }

// Enqueue adds a URL to the queue.
func (s *State) Enqueue(url, entityType string, priority int) (bool, error) {
	res, err := s.db.Exec(
		`INSERT OR IGNORE INTO queue (url, entity_type, priority) VALUES (?, ?, ?)`,
		url, entityType, priority,
	)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}
