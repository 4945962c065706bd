// Package blankpager imports rowalign's pager before it uses it, blank, so
// that -fix rewrites its walks into it: the first rewrite of this file
// names the import, the one of kinds.go adds its own.
package blankpager

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/rowalign/rowalign/runtime/pager"
)

const schema = `CREATE TABLE IF NOT EXISTS events (id BIGINT, kind VARCHAR)`

// Migrate creates the table.
func Migrate(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, schema)
	return err
}

// IDs returns every event id.
func IDs(ctx context.Context, db *sql.DB) ([]int64, error) {
	var ids []int64
	for off := 0; ; off += 245_760 {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; use rowalign's pager.Pages$`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			ids = append(ids, id)
			n++
		}
		rows.Close()
		if n < 245_760 {
			break
		}
	}
	return ids, nil
}
