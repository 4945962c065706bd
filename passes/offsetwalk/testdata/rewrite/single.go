package rewrite

import "database/sql"

// Kinds returns the kind of every event, with Query: no context.
func Kinds(db *sql.DB) ([]string, error) {
	var kinds []string
	for off := 0; ; off += 245_760 {
		rows, err := db.Query("SELECT kind FROM events LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
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
			kinds = append(kinds, k)
			n++
		}
		rows.Close()
		if n < 245_760 {
			break
		}
	}
	return kinds, nil
}
