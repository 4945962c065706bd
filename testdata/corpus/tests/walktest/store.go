// Package walktest is a small store; its tests load fixtures and walk
// them with sizes nobody tuned.
// expect: none
package walktest

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Store struct{ DB *sql.DB }

func Open(path string) (*Store, error) {
	db, err := sql.Open("duckdb", path)
	return &Store{DB: db}, err
}

// Page serves one page of users, for the API.
func (s *Store) Page(ctx context.Context, after int64, n int) ([]int64, error) {
	rows, err := s.DB.QueryContext(ctx, "SELECT id FROM users WHERE id > ? ORDER BY id LIMIT ?", after, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
