package blankpager

import (
	"context"
	"database/sql"
)

// Kinds counts the events of each kind.
func Kinds(ctx context.Context, db *sql.DB) (map[string]int, error) {
	kinds := map[string]int{}
	for off := 0; ; off += 245_760 {
		rows, err := db.QueryContext(ctx, "SELECT kind FROM events LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				rows.Close()
				return nil, err
			}
			kinds[k]++
			n++
		}
		rows.Close()
		if n < 245_760 {
			break
		}
	}
	return kinds, nil
}
