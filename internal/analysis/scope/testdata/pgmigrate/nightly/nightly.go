// Package nightly is the migrator's nightly job: it opens both ends
// through the configuration's methods, declared in package store.
package nightly

import (
	"database/sql"
	"log"

	"example.com/scope/pgmigrate/store"
)

// fromConfig opens each side through the configuration's methods.
func run(cfg *store.Config) {
	wh, err := cfg.OpenWarehouse()
	if err != nil {
		log.Fatal(err)
	}
	src, err := cfg.OpenSource()
	if err != nil {
		log.Fatal(err)
	}
	for off := 0; ; off += 250_000 {
		rows, _ := src.Query("SELECT * FROM shipments ORDER BY id LIMIT $1 OFFSET $2", 250_000, off)
		if !drain(rows) {
			break
		}
	}
	for off := 0; ; off += 250_000 {
		rows, _ := wh.Query("SELECT * FROM shipments LIMIT ? OFFSET ?", 250_000, off) // want `page size 250000`
		if !drain(rows) {
			break
		}
	}
}

func drain(rows *sql.Rows) bool {
	defer rows.Close()
	return rows.Next()
}
