// Package buffered gathers rows in a struct field and writes them out
// later: the field is bulk where the package fills it from a bulk read
// (a file's lines), and not where it gathers one value per call.
package buffered

import (
	"bufio"
	"context"
	"database/sql"
	"os"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Loader struct {
	db    *sql.DB
	lines []string
	hits  []string
}

// Read gathers the lines of a file.
func (l *Loader) Read(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l.lines = append(l.lines, sc.Text())
	}
	return sc.Err()
}

// Flush writes the lines read, one INSERT each.
func (l *Loader) Flush(ctx context.Context) error {
	for _, line := range l.lines {
		if _, err := l.db.ExecContext(ctx, `INSERT INTO lines VALUES (?)`, line); err != nil { // want `one-row INSERT per loop iteration \(each statement commits alone`
			return err
		}
	}
	l.lines = nil
	return nil
}

// Hit records one page view of a request.
func (l *Loader) Hit(path string) { l.hits = append(l.hits, path) }

// FlushHits writes the views gathered since the last flush: one per
// request, how many the package does not show.
func (l *Loader) FlushHits(ctx context.Context) error {
	for _, h := range l.hits {
		if _, err := l.db.ExecContext(ctx, `INSERT INTO hits VALUES (?)`, h); err != nil {
			return err
		}
	}
	l.hits = l.hits[:0]
	return nil
}
