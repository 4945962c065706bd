// Package recursive pages through a table with a recursive function.
package recursive

import (
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// collect appends the names from offset off on, in name order.
func collect(db *sql.DB, off int, names []string) ([]string, error) {
	rows, err := db.Query("SELECT name FROM users ORDER BY name LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk with ORDER BY: every page sorts the rest of the table again \(quadratic\); use rowalign's pager.Pages$`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		names = append(names, s)
		n++
	}
	if n == 0 {
		return names, rows.Err()
	}
	return collect(db, off+n, names)
}

// Names returns every user name.
func Names(db *sql.DB) ([]string, error) { return collect(db, 0, nil) }
