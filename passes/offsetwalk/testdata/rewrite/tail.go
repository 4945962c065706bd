package rewrite

import (
	"context"
	"database/sql"
)

// EachID calls fn with every event's id. The loop ends the function, so
// its end test returns.
func EachID(ctx context.Context, db *sql.DB, fn func(int64) error) error {
	for off := 0; ; off += 122_880 {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", 122_880, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
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
		if n < 122_880 {
			return nil
		}
	}
}

// KindCounts counts the events of each kind, until an empty page.
func KindCounts(ctx context.Context, conn *sql.Conn) (map[string]int, error) {
	out := map[string]int{}
	for off := 0; ; off += 245_760 {
		rows, err := conn.QueryContext(ctx, "SELECT kind FROM events LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
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
			out[k]++
			n++
		}
		rows.Close()
		if n == 0 {
			return out, nil
		}
	}
}
