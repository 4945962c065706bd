// Package compositekey replays an event log in time order. Timestamps
// repeat, so the walk pages by (ts, id): a keyset walk on a composite
// key, quadratic like any keyset walk.
package compositekey

import (
	"context"
	"database/sql"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"
)

type Event struct {
	TS      time.Time
	ID      int64
	Payload string
}

const replayPage = 245_760

const replayQuery = `
	SELECT ts, id, payload FROM events
	WHERE (ts, id) > (?, ?)
	ORDER BY ts, id
	LIMIT ?`

// Replay hands every event to apply, oldest first.
func Replay(ctx context.Context, db *sql.DB, apply func(Event) error) error {
	var lastTS time.Time
	var lastID int64 = -1
	for {
		rows, err := db.QueryContext(ctx, replayQuery, lastTS, lastID, replayPage) // want `^keyset page walk \(key > last ORDER BY key LIMIT n\): every page sorts the remaining rows again \(quadratic\); use rowalign's pager.Pages$`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var e Event
			if err := rows.Scan(&e.TS, &e.ID, &e.Payload); err != nil {
				rows.Close()
				return err
			}
			if err := apply(e); err != nil {
				rows.Close()
				return err
			}
			lastTS, lastID = e.TS, e.ID
			n++
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if n < replayPage {
			return nil
		}
	}
}

// Since reads one page of events after a cursor the client sends back:
// one page per request, no walk.
func Since(ctx context.Context, db *sql.DB, ts time.Time, id int64) (*sql.Rows, error) {
	return db.QueryContext(ctx, "SELECT ts, id, payload FROM events WHERE (ts, id) > (?, ?) ORDER BY ts, id LIMIT 100", ts, id)
}
