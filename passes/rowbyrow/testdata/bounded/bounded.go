// Package bounded writes rows per element of sources the SQL or the code
// bounds: a fixed map, a sample, a top 20, one element, a record's tags.
package bounded

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// SeedSettings writes the defaults, a map written in the code.
func SeedSettings(ctx context.Context, db *sql.DB) error {
	defaults := map[string]string{
		"retention_days": "400",
		"timezone":       "UTC",
		"currency":       "EUR",
	}
	for k, v := range defaults {
		if _, err := db.ExecContext(ctx, "INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)", k, v); err != nil {
			return err
		}
	}
	return nil
}

// LabelSample copies a sample of ten rows for people to label.
func LabelSample(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, "SELECT id, body FROM messages USING SAMPLE 10 ROWS")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var body string
		if err := rows.Scan(&id, &body); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO to_label (id, body) VALUES (?, ?)", id, body); err != nil {
			return err
		}
	}
	return rows.Err()
}

// PinTopPages pins the twenty most visited pages.
func PinTopPages(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, "SELECT page FROM visits GROUP BY page ORDER BY count(*) DESC LIMIT 20")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var page string
		if err := rows.Scan(&page); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO pinned (page) VALUES (?)", page); err != nil {
			return err
		}
	}
	return rows.Err()
}

type Event struct {
	ID   int64
	Tags []string
}

// SaveOne wraps one event in a slice for the batch path.
func SaveOne(ctx context.Context, db *sql.DB, e Event) error {
	for _, ev := range []Event{e} {
		if _, err := db.ExecContext(ctx, "INSERT INTO events (id) VALUES (?)", ev.ID); err != nil {
			return err
		}
	}
	return nil
}

// TagEvents writes each event's few tags.
func TagEvents(ctx context.Context, db *sql.DB, events <-chan Event) error {
	for e := range events {
		for _, tag := range e.Tags {
			if _, err := db.ExecContext(ctx, "INSERT INTO event_tags (event_id, tag) VALUES (?, ?)", e.ID, tag); err != nil {
				return err
			}
		}
	}
	return nil
}

// ArchiveRecent copies one screen of recent messages, as many as the
// request asks for.
func ArchiveRecent(ctx context.Context, db *sql.DB, limit int) error {
	rows, err := db.QueryContext(ctx, "SELECT id, body FROM messages ORDER BY at DESC LIMIT ?", limit)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var body string
		if err := rows.Scan(&id, &body); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO archived (id, body) VALUES (?, ?)", id, body); err != nil {
			return err
		}
	}
	return rows.Err()
}
