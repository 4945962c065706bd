// Package requests is an export worker that serves page requests from a
// queue: each request names its own page, so a loop over requests is not
// a walk through the table, whatever the requested sizes.
package requests

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

// PageRequest is one page a client asked for.
type PageRequest struct {
	Table  string `json:"table"`
	Offset int    `json:"offset"`
	Limit  int    `json:"limit"`
}

func serveAll(ctx context.Context, db *sql.DB, reqs []PageRequest, out io.Writer) error {
	enc := json.NewEncoder(out)
	for i := range reqs {
		rows, err := db.QueryContext(ctx, "SELECT * FROM events LIMIT ? OFFSET ?", reqs[i].Limit, reqs[i].Offset)
		if err != nil {
			return err
		}
		if err := encodeRows(enc, rows); err != nil {
			return err
		}
	}
	return nil
}

// Offsets computed elsewhere (a bookmark table, a UI): elements, not a
// position this loop moves on.
func replay(db *sql.DB, bookmarks []int) error {
	for _, off := range bookmarks {
		rows, err := db.Query("SELECT * FROM events LIMIT 250000 OFFSET ?", off)
		if err != nil {
			return err
		}
		rows.Close()
	}
	return nil
}

// The index itself still counts pages: this is a walk.
func exportPages(db *sql.DB, shards []string) error {
	for i := range shards {
		rows, err := db.Query("SELECT * FROM events LIMIT 250000 OFFSET ?", i*250_000) // want `page size 250000 splits`
		if err != nil {
			return err
		}
		rows.Close()
	}
	return nil
}

func encodeRows(enc *json.Encoder, rows *sql.Rows) error {
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if err := enc.Encode(vals); err != nil {
			return err
		}
	}
	return rows.Err()
}
