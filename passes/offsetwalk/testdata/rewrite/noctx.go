package rewrite

import (
	"database/sql"
	"fmt"
	"time"
)

// Since counts the events created from a time on, in the caller's
// transaction, with Query: no context.
func Since(tx *sql.Tx, from time.Time) (int, error) {
	count := 0
	for off := 0; ; off += 122_880 {
		rows, err := tx.Query("SELECT id, created FROM events WHERE created >= ? LIMIT ? OFFSET ?", from, 122_880, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return 0, fmt.Errorf("since %v: %w", from, err)
		}
		n := 0
		for rows.Next() {
			n++
			count++
		}
		if err := rows.Err(); err != nil {
			return 0, err
		}
		rows.Close()
		if n < 122_880 {
			break
		}
	}
	return count, nil
}

// Mirror copies the events of one kind into the archive in the caller's
// transaction, with Exec: no context.
func Mirror(tx *sql.Tx, kind string) error {
	for off := 0; ; off += 245_760 {
		res, err := tx.Exec("INSERT INTO archive SELECT * FROM events WHERE kind = ? LIMIT ? OFFSET ?", kind, 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; use rowalign's pager.Copy$`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n < 245_760 {
			break
		}
	}
	return nil
}
