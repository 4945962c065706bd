// Package store is the repository layer of a code-search service: the
// SQL lives here, one page per call.
package store

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Repository is one indexed repository.
type Repository struct {
	ID    int64
	Name  string
	Stars int
}

// DuckStore keeps the repositories in DuckDB.
type DuckStore struct {
	db *sql.DB
}

// Open opens the store.
func Open(path string) (*DuckStore, error) {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	return &DuckStore{db: db}, nil
}

// ListRepositories returns one page of repositories, by id.
func (s *DuckStore) ListRepositories(ctx context.Context, limit, offset int) ([]Repository, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT id, name, stars FROM repositories ORDER BY id LIMIT ? OFFSET ?", limit, offset)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Repository
	for rows.Next() {
		var r Repository
		if err := rows.Scan(&r.ID, &r.Name, &r.Stars); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Count returns how many repositories there are.
func (s *DuckStore) Count(ctx context.Context) (n int, err error) {
	err = s.db.QueryRowContext(ctx, "SELECT count(*) FROM repositories").Scan(&n)
	return n, err
}
