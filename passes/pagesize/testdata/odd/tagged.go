//go:build rowalign_never

package odd

import "database/sql"

// Excluded by its build tag: never loaded, never reported.
func taggedWalk(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
	}
}
