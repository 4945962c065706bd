// Package bookmarks re-serves saved report pages: each bookmark names the
// page it was taken from.
// expect: none
package bookmarks

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const reportPage = 100_000

type Bookmark struct {
	Name   string
	Offset int
}

type Page struct {
	Name string
	IDs  []int64
}

func Replay(ctx context.Context, db *sql.DB, marks []Bookmark) ([]Page, error) {
	var pages []Page
	for i := range marks {
		rows, err := db.QueryContext(ctx, "SELECT id FROM report_rows ORDER BY id LIMIT ? OFFSET ?", reportPage, marks[i].Offset)
		if err != nil {
			return nil, err
		}
		p := Page{Name: marks[i].Name}
		for rows.Next() {
			var id int64
			rows.Scan(&id)
			p.IDs = append(p.IDs, id)
		}
		rows.Close()
		pages = append(pages, p)
	}
	return pages, nil
}

func Open(path string) (*sql.DB, error) { return sql.Open("duckdb", path) }
