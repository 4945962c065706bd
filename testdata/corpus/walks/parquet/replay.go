// Package parquet replays exported Parquet files page by page; the files'
// row groups are whatever their writer chose, and pager.Pages walks tables,
// not files: no finding.
//
// expect: none
package parquet

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const replayPage = 250_000

func Replay(ctx context.Context, db *sql.DB, glob string, fn func(id int64) error) error {
	for off := 0; ; off += replayPage {
		rows, err := db.QueryContext(ctx, "SELECT id FROM read_parquet(?) LIMIT ? OFFSET ?", glob, replayPage, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			if err := fn(id); err != nil {
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n < replayPage {
			return nil
		}
	}
}

func Open() (*sql.DB, error) { return sql.Open("duckdb", "") }
