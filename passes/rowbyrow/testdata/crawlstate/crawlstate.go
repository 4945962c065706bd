// Package crawlstate keeps a crawler's queue in DuckDB.
package crawlstate

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Item struct {
	URL      string
	Priority int
}

type State struct{ db *sql.DB }

func Open(path string) (*State, error) {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	return &State{db: db}, nil
}

// EnqueueBatch adds items to the queue in one transaction, one INSERT
// each: as many as its callers hand it.
func (s *State) EnqueueBatch(items []Item) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, it := range items {
		if _, err := tx.Exec("INSERT OR IGNORE INTO queue (url, priority) VALUES (?, ?)", it.URL, it.Priority); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Requeue puts back what one page of results linked to.
func (s *State) Requeue(links []string) error {
	items := make([]Item, 0, len(links))
	for _, l := range links {
		items = append(items, Item{URL: l, Priority: 5})
	}
	return s.EnqueueBatch(items)
}
