// Package catalog is a book store on DuckDB: its list queries take a
// page number, or an options struct with a limit and an offset.
package catalog

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Book struct {
	ID    int64
	Title string
}

type Store struct {
	db *sql.DB
}

func Open(path string) (*Store, error) {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

// ListBooks returns page page (from 1) of perPage books.
func (s *Store) ListBooks(ctx context.Context, page, perPage int) ([]Book, error) {
	offset := (page - 1) * perPage
	rows, err := s.db.QueryContext(ctx, "SELECT id, title FROM books ORDER BY id LIMIT ? OFFSET ?", perPage, offset)
	if err != nil {
		return nil, err
	}
	return scan(rows)
}

// ListOptions pages a listing.
type ListOptions struct {
	Limit, Offset int
}

// ListAuthors returns the authors opts asks for.
func (s *Store) ListAuthors(ctx context.Context, opts ListOptions) ([]Book, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT id, name FROM authors ORDER BY id LIMIT ? OFFSET ?", opts.Limit, opts.Offset)
	if err != nil {
		return nil, err
	}
	return scan(rows)
}

func scan(rows *sql.Rows) ([]Book, error) {
	defer rows.Close()
	var out []Book
	for rows.Next() {
		var b Book
		if err := rows.Scan(&b.ID, &b.Title); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}
