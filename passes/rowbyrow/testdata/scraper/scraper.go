// Package scraper fetches a search's result pages, saving each page and
// queueing its links: one row per page fetched, a page per request.
package scraper

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Page struct {
	URL, Next string
	Links     []string
}

type Store struct{ db *sql.DB }

// SavePage records one fetched page.
func (s *Store) SavePage(p Page) error {
	_, err := s.db.Exec("INSERT OR REPLACE INTO pages (url, next) VALUES (?, ?)", p.URL, p.Next)
	return err
}

// Enqueue queues a page's links in a transaction of their own.
func (s *Store) Enqueue(links []string) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, l := range links {
		if _, err := tx.Exec("INSERT OR IGNORE INTO queue (url) VALUES (?)", l); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// maxPages bounds a search's result pages.
const maxPages = 20

// Search walks the result pages from start.
func Search(s *Store, fetch func(string) (Page, error), start string) error {
	url, n := start, 0
	for url != "" && n < maxPages {
		p, err := fetch(url)
		if err != nil {
			return err
		}
		if err := s.SavePage(p); err != nil {
			return err
		}
		if err := s.Enqueue(p.Links); err != nil {
			return err
		}
		url, n = p.Next, n+1
	}
	return nil
}

// savePageTx records one fetched page in the caller's transaction.
func savePageTx(tx *sql.Tx, p Page) error {
	_, err := tx.Exec("INSERT OR REPLACE INTO pages (url, next) VALUES (?, ?)", p.URL, p.Next)
	return err
}

// SaveResults stores a search's result pages, committing every few so a
// crash loses little: a commit per ten pages counts pages, not rows.
func (s *Store) SaveResults(pages []Page) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	for i, p := range pages {
		if err := savePageTx(tx, p); err != nil {
			tx.Rollback()
			return err
		}
		if (i+1)%10 == 0 {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = s.db.Begin(); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}
