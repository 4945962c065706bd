// Package seedcursor keeps a walk's offset in a cursor that advances it
// itself: the query and the advance are both in Next, and the loop that
// walks only calls Next (go-mizu/mizu, blueprints/search/pkg/crawl). The
// query's line is where the walk is changed, so it is reported there as
// well as at the loop's call.
package seedcursor

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

type SeedURL struct {
	URL    string
	Domain string
}

// SeedCursor pages through a DuckDB seed table without loading all rows into memory.
// Each Next() call returns up to pageSize rows. Returns empty slice at EOF.
type SeedCursor struct {
	db       *sql.DB
	pageSize int
	offset   int
}

func NewSeedCursor(dbPath string, pageSize int) (*SeedCursor, error) {
	if pageSize <= 0 {
		pageSize = 10_000
	}
	db, err := sql.Open("duckdb", dbPath+"?access_mode=READ_ONLY")
	if err != nil {
		return nil, fmt.Errorf("seedcursor: open %s: %w", dbPath, err)
	}
	return &SeedCursor{db: db, pageSize: pageSize}, nil
}

// Next returns the next page of seed URLs. Returns an empty slice at EOF.
func (c *SeedCursor) Next(ctx context.Context) ([]SeedURL, error) {
	rows, err := c.db.QueryContext(ctx, // want `^LIMIT/OFFSET page walk with ORDER BY \(the paging query of a cursor walked by the loop at seedcursor.go:78\): every page sorts the rest of the table again \(quadratic\); use rowalign's pager.Pages$`
		"SELECT url, COALESCE(domain, '') FROM docs ORDER BY domain LIMIT ? OFFSET ?",
		c.pageSize, c.offset)
	if err != nil {
		return nil, fmt.Errorf("seedcursor: query: %w", err)
	}
	defer rows.Close()

	var page []SeedURL
	for rows.Next() {
		var s SeedURL
		if err := rows.Scan(&s.URL, &s.Domain); err != nil {
			return nil, fmt.Errorf("seedcursor: scan: %w", err)
		}
		page = append(page, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("seedcursor: rows: %w", err)
	}
	c.offset += len(page)
	return page, nil
}

// RunPipeline reads the cursor's pages in a goroutine and groups them by
// domain.
func RunPipeline(ctx context.Context, seedPath string, pageSize int) (map[string][]SeedURL, error) {
	cursor, err := NewSeedCursor(seedPath, pageSize)
	if err != nil {
		return nil, fmt.Errorf("pipeline: seed cursor: %w", err)
	}
	domainMap := make(map[string][]SeedURL)
	var batcherErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			page, err := cursor.Next(ctx) // want `^LIMIT/OFFSET page walk with ORDER BY: every page sorts the rest of the table again \(quadratic\); use rowalign's pager.Pages$`
			if err != nil {
				batcherErr = fmt.Errorf("pipeline batcher: %w", err)
				return
			}
			if len(page) == 0 {
				break // EOF
			}
			for _, s := range page {
				domainMap[s.Domain] = append(domainMap[s.Domain], s)
			}
		}
	}()
	<-done
	return domainMap, batcherErr
}

// First reads the first page only: no walk.
func First(ctx context.Context, seedPath string, n int) ([]SeedURL, error) {
	cursor, err := NewSeedCursor(seedPath, n)
	if err != nil {
		return nil, err
	}
	return cursor.Next(ctx)
}

// listCursor reads at the offset its caller's loop moves: the offset is
// the loop's, and the walk is reported at the loop's call only.
type listCursor struct {
	db     *sql.DB
	offset int
}

func (c *listCursor) page(ctx context.Context) (*sql.Rows, error) {
	return c.db.QueryContext(ctx, "SELECT url FROM docs ORDER BY url LIMIT 245760 OFFSET ?", c.offset)
}

func List(ctx context.Context, db *sql.DB) error {
	c := &listCursor{db: db}
	for {
		rows, err := c.page(ctx) // want `^LIMIT/OFFSET page walk with ORDER BY: every page sorts the rest of the table again \(quadratic\); use rowalign's pager.Pages$`
		if err != nil {
			return err
		}
		more := rows.Next()
		rows.Close()
		if !more {
			return nil
		}
		c.offset += 245_760
	}
}
