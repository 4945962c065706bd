// Package sqliteonly rebuilds a search index from the app's SQLite cache,
// 100,000 rows at a time.
// expect: none
package sqliteonly

import (
	"database/sql"
	"strings"

	_ "github.com/mattn/go-sqlite3"
)

const batch = 100_000

type Indexer interface {
	Add(id int64, text string)
}

func Rebuild(path string, idx Indexer) error {
	db, err := sql.Open("sqlite3", path+"?_journal_mode=WAL")
	if err != nil {
		return err
	}
	defer db.Close()
	for off := 0; ; off += batch {
		rows, err := db.Query("SELECT id, title, body FROM documents ORDER BY id LIMIT ? OFFSET ?", batch, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var title, body string
			if err := rows.Scan(&id, &title, &body); err != nil {
				rows.Close()
				return err
			}
			idx.Add(id, strings.ToLower(title+" "+body))
			n++
		}
		rows.Close()
		if n < batch {
			return nil
		}
	}
}
