// Package sqlitehelper imports no driver; rowid and a quoted table name
// are SQLite's too, so they do not tell the engine.
package sqlitehelper

import "database/sql"

func Page(db *sql.DB, lo, hi int64) (*sql.Rows, error) {
	return db.Query("SELECT * FROM 'events' WHERE rowid >= ? AND rowid < ?", lo, hi)
}
