// Package rewrite holds LIMIT/OFFSET walks as users write them: the ones
// the fix rewrites into pager.Pages, and the ones it must leave alone.
package rewrite

import (
	"context"
	"database/sql"
	"log"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Event is one row of the events table.
type Event struct {
	ID   int64
	Kind string
	At   time.Time
}

const pageSize = 245_760

// ExportEvents hands every event to emit, a page at a time.
func ExportEvents(ctx context.Context, db *sql.DB, emit func(Event)) error {
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id, kind, created FROM events LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var e Event
			if err := rows.Scan(&e.ID, &e.Kind, &e.At); err != nil {
				rows.Close()
				return err
			}
			emit(e)
			n++
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return nil
}

// CountKind counts the events of one kind, reading 100,000 at a time.
func CountKind(ctx context.Context, tx *sql.Tx, kind string) (int, error) {
	total := 0
	for offset := 0; ; offset += 100_000 {
		rows, err := tx.QueryContext(ctx, `SELECT id FROM events WHERE kind = ? LIMIT ? OFFSET ?`, kind, 100_000, offset) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return 0, err
		}
		got := 0
		for rows.Next() {
			got++
			total++
		}
		rows.Close()
		if got < 100_000 {
			break
		}
	}
	return total, nil
}

// Dump prints every row; the page size is the caller's.
func Dump(ctx context.Context, conn *sql.Conn, batch int) {
	for off := 0; ; off += batch {
		rows, err := conn.QueryContext(ctx, "SELECT * FROM events LIMIT ? OFFSET ?", batch, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			log.Fatal(err)
		}
		var seen int
		for rows.Next() {
			var e Event
			var tags []any
			rows.Scan(&e.ID, &e.Kind, &e.At, &tags)
			log.Println(e.ID, e.Kind, tags)
			seen++
		}
		rows.Close()
		if seen == 0 {
			break
		}
	}
}
