// Package strategy holds walk strategies that cost whatever the page
// size.
package strategy

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func orderedWalk(db *sql.DB) {
	for off := 0; ; off += 245_760 {
		db.Query("SELECT * FROM t ORDER BY rowid LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk with ORDER BY: every page sorts the rest of the table again \(quadratic\); use rowalign's pager.Pages$`
	}
}

func keysetWalk(ctx context.Context, db *sql.DB) {
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, v FROM t WHERE id > ? ORDER BY id LIMIT 245760", last) // want `^keyset page walk \(key > last ORDER BY key LIMIT n\): every page sorts the remaining rows again`
		if err != nil {
			return
		}
		n := 0
		for rows.Next() {
			rows.Scan(&last, new(string))
			n++
		}
		if n == 0 {
			return
		}
	}
}

func copyWalk(db *sql.DB) {
	for off := 0; ; off += 245_760 {
		db.Exec("INSERT INTO d SELECT * FROM s LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; use rowalign's pager.Copy$`
	}
}

func hugePages(db *sql.DB) {
	for off := 0; ; off += 1_228_800 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 1_228_800, off) // want `^LIMIT/OFFSET page walk with 1228800-row pages: DuckDB rewrites limits only up to 1,000,000, so each page rescans its offset`
	}
}

// One keyset page per request: no walk.
func keysetPage(db *sql.DB, after int64) {
	db.Query("SELECT * FROM t WHERE id > ? ORDER BY id LIMIT 100", after)
}

// A keyset query in a loop whose key never moves: no walk.
func retry(db *sql.DB, after int64) {
	for i := 0; i < 3; i++ {
		if _, err := db.Query("SELECT * FROM t WHERE id > ? ORDER BY id LIMIT 100", after); err == nil {
			return
		}
	}
}

func plainWalk(db *sql.DB) {
	for off := 0; ; off += 245_760 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY: each page costs a scan, a semi join and a sort \(20-43% more CPU than rowid ranges\); use rowalign's pager.Pages$`
	}
}
