package report

import (
	"example.com/transitive/db"
	"example.com/transitive/store"
)

func Events() {
	wh, err := db.Warehouse()
	if err != nil {
		panic(err)
	}
	for off := 0; ; off += 250_000 {
		rows, err := wh.Query("SELECT * FROM events LIMIT ? OFFSET ?", 250_000, off)
		_, _ = rows, err
	}
}

func Users() {
	pg, err := store.OpenPostgres()
	if err != nil {
		panic(err)
	}
	for off := 0; ; off += 250_000 {
		rows, err := pg.Query("SELECT * FROM users ORDER BY id LIMIT $1 OFFSET $2", 250_000, off)
		_, _ = rows, err
	}
}
