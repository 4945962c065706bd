// Package keysetdollar syncs users to a search index with a keyset walk
// written with $n placeholders.
package keysetdollar

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const batch = 250_000 // expect: pagesize

func Sync(ctx context.Context, db *sql.DB, index func(id int64, email string)) error {
	var last int64 = -1
	for {
		rows, err := db.QueryContext(ctx, `SELECT id, email FROM users WHERE id > $1 ORDER BY id LIMIT $2`, last, batch) // expect: offsetwalk
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var email string
			if err := rows.Scan(&last, &email); err != nil {
				rows.Close()
				return err
			}
			index(last, email)
			n++
		}
		rows.Close()
		if n < batch {
			return nil
		}
	}
}
