// Package moderncsqlite archives old messages out of an embedded SQLite
// database (pure Go driver), walking rowid ranges.
// expect: none
package moderncsqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"

	_ "modernc.org/sqlite"
)

const span = 100_000

func Archive(ctx context.Context, path string, w io.Writer) error {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return err
	}
	defer db.Close()
	var maxID int64
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM messages").Scan(&maxID); err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	for lo := int64(0); lo <= maxID; lo += span {
		rows, err := db.QueryContext(ctx, "SELECT rowid, sender, body FROM messages WHERE rowid >= ? AND rowid < ?", lo, lo+span)
		if err != nil {
			return err
		}
		for rows.Next() {
			var m struct {
				ID     int64
				Sender string
				Body   string
			}
			if err := rows.Scan(&m.ID, &m.Sender, &m.Body); err != nil {
				rows.Close()
				return err
			}
			if err := enc.Encode(m); err != nil {
				rows.Close()
				return err
			}
		}
		rows.Close()
	}
	return nil
}
