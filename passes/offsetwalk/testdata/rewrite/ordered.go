package rewrite

import (
	"context"
	"database/sql"
	"sort"
)

// KindsOrdered counts the events of each kind, paging in id order.
func KindsOrdered(ctx context.Context, db *sql.DB) (map[string]int, error) {
	counts := make(map[string]int)
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id, kind FROM events ORDER BY id LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk with ORDER BY`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var id int64
			var kind string
			if err := rows.Scan(&id, &kind); err != nil {
				rows.Close()
				return nil, err
			}
			counts[kind]++
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return counts, nil
}

// Tags lists the tags of one kind's events, sorted, paging by creation
// time.
func Tags(ctx context.Context, db *sql.DB, kind string) ([]string, error) {
	var tags []string
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT tag FROM events WHERE kind = ? ORDER BY created DESC LIMIT ? OFFSET ?", kind, pageSize, off) // want `^LIMIT/OFFSET page walk with ORDER BY`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var tag string
			if err := rows.Scan(&tag); err != nil {
				rows.Close()
				return nil, err
			}
			tags = append(tags, tag)
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	sort.Strings(tags)
	return tags, nil
}
