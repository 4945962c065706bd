package odd

// #include <stdlib.h>
import "C"

import "database/sql"

func cgoWalk(db *sql.DB) {
	n := int(C.abs(-250000))
	for off := 0; ; off += n {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", n, off)
	}
}
