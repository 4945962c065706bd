//go:build go1.22

package blankpager

import (
	"context"
	"database/sql"
)

// Count counts the events, in a file built as Go 1.22, which cannot range
// over pager.Pages (range-over-func came in Go 1.23): no fix.
func Count(ctx context.Context, db *sql.DB) (int, error) {
	total := 0
	for off := 0; ; off += 245_760 {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; use rowalign's pager.Pages$`
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			total++
			n++
		}
		rows.Close()
		if n < 245_760 {
			break
		}
	}
	return total, nil
}
