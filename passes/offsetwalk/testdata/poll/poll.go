// Package poll follows the events other writers add: an outbox relay and
// a change feed, which read what is new since the last key every few
// seconds and never finish. They are no whole-table walks; the export at
// the end of the file is one.
package poll

import (
	"context"
	"database/sql"
	"log"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Message struct {
	ID      int64
	Topic   string
	Payload []byte
}

const batchSize = 500

// Relay publishes outbox messages as they are written, polling every
// second.
func Relay(ctx context.Context, db *sql.DB, publish func(Message) error) error {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	var last int64
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
		}
		rows, err := db.QueryContext(ctx, "SELECT id, topic, payload FROM outbox WHERE id > ? ORDER BY id LIMIT ?", last, batchSize)
		if err != nil {
			return err
		}
		for rows.Next() {
			var m Message
			if err := rows.Scan(&m.ID, &m.Topic, &m.Payload); err != nil {
				rows.Close()
				return err
			}
			if err := publish(m); err != nil {
				rows.Close()
				return err
			}
			last = m.ID
		}
		if err := rows.Close(); err != nil {
			return err
		}
	}
}

// Tail prints the lines appended to a log table since the last tick;
// the offset moves on by the lines read.
func Tail(ctx context.Context, db *sql.DB, every time.Duration) error {
	off := 0
	for range time.Tick(every) {
		rows, err := db.QueryContext(ctx, "SELECT line FROM app_log LIMIT 1000 OFFSET ?", off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				rows.Close()
				return err
			}
			log.Print(line)
			n++
		}
		rows.Close()
		off += n
	}
	return nil
}

// Follow reads new events with a pause between empty reads.
func Follow(ctx context.Context, db *sql.DB, handle func(int64, string)) error {
	var last int64
	for ctx.Err() == nil {
		rows, err := db.QueryContext(ctx, "SELECT id, kind FROM events WHERE id > ? ORDER BY id LIMIT 1000", last)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var kind string
			if err := rows.Scan(&last, &kind); err != nil {
				rows.Close()
				return err
			}
			handle(last, kind)
			n++
		}
		rows.Close()
		if n == 0 {
			time.Sleep(2 * time.Second)
		}
	}
	return ctx.Err()
}

// Export writes every event once, page by page, and stops at the end of
// the table: a whole-table walk, reported.
func Export(ctx context.Context, db *sql.DB, handle func(int64, string)) error {
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, kind FROM events WHERE id > ? ORDER BY id LIMIT 122880", last) // want `^keyset page walk`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var kind string
			if err := rows.Scan(&last, &kind); err != nil {
				rows.Close()
				return err
			}
			handle(last, kind)
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}
