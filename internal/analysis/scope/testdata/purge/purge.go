// Package purge cleans up both databases through the handles its
// dependencies keep in package variables.
package purge

import (
	"example.com/scope/duckstore"
	"example.com/scope/store"
)

const batch = 250_000

func sessions() {
	for off := 0; ; off += batch {
		store.Sessions.Query("SELECT id FROM sessions ORDER BY id LIMIT $1 OFFSET $2", batch, off)
	}
}

func events() {
	for off := 0; ; off += duckstore.Batch {
		duckstore.Warehouse.Query("SELECT * FROM events LIMIT ? OFFSET ?", duckstore.Batch, off) // want `page size duckstore.Batch = 200000`
	}
}
