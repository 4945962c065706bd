// Package leaving writes in loops that stop at the write, or write once.
package leaving

import (
	"bufio"
	"context"
	"database/sql"
	"io"
	"strings"

	_ "github.com/duckdb/duckdb-go/v2"
)

// ClaimNext claims the first open job it can lock.
func ClaimNext(ctx context.Context, db *sql.DB, worker string) (int64, error) {
	rows, err := db.QueryContext(ctx, "SELECT id FROM jobs WHERE state = 'open' ORDER BY id")
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return 0, err
		}
		if _, err := db.ExecContext(ctx, "UPDATE jobs SET state = 'claimed', worker = ? WHERE id = ?", worker, id); err != nil {
			return 0, err
		}
		return id, nil
	}
	return 0, rows.Err()
}

// TouchFirstMatch updates the first line that matches, then stops.
func TouchFirstMatch(ctx context.Context, db *sql.DB, r io.Reader, prefix string) error {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), prefix) {
			continue
		}
		if _, err := db.ExecContext(ctx, "UPDATE prefixes SET seen = now() WHERE line = ?", sc.Text()); err != nil {
			return err
		}
		break
	}
	return sc.Err()
}

// RecordHeader stores the first line of a file once, under a flag.
func RecordHeader(ctx context.Context, db *sql.DB, name string, r io.Reader) (int, error) {
	sc := bufio.NewScanner(r)
	headerDone := false
	n := 0
	for sc.Scan() {
		if !headerDone {
			headerDone = true
			if _, err := db.ExecContext(ctx, "INSERT INTO headers (file, line) VALUES (?, ?)", name, sc.Text()); err != nil {
				return n, err
			}
			continue
		}
		n++
	}
	return n, sc.Err()
}
