//go:build linux

package odd

import "database/sql"

func linuxWalk(db *sql.DB) {
	for off := 0; ; off += 240_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 240_000, off) // want `page size 240000`
	}
}
