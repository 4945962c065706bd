package rewrite

import (
	"context"
	"database/sql"
)

// RecentKinds counts the kinds of the recent events, through the view
// the package creates (schema.go): the pager walks tables only
// (ErrNotTable), so no fix.
func RecentKinds(ctx context.Context, db *sql.DB) (map[string]int, error) {
	kinds := map[string]int{}
	for off := 0; ; off += 122_880 {
		rows, err := db.QueryContext(ctx, "SELECT kind FROM recent_events LIMIT ? OFFSET ?", 122_880, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				rows.Close()
				return nil, err
			}
			kinds[k]++
			n++
		}
		rows.Close()
		if n < 122_880 {
			break
		}
	}
	return kinds, nil
}

// Payloads reads the imported payloads. The imports table has a column
// of its own named rowid, which the pager refuses (ErrRowidColumn): no
// fix.
func Payloads(ctx context.Context, db *sql.DB) ([]string, error) {
	var out []string
	for off := 0; ; off += 122_880 {
		rows, err := db.QueryContext(ctx, "SELECT payload FROM imports LIMIT ? OFFSET ?", 122_880, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var p string
			if err := rows.Scan(&p); err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, p)
			n++
		}
		rows.Close()
		if n < 122_880 {
			break
		}
	}
	return out, nil
}

// UserNames reads a table another package creates: it may be a view or
// have a rowid column, so no fix.
func UserNames(ctx context.Context, db *sql.DB) ([]string, error) {
	var out []string
	for off := 0; ; off += 122_880 {
		rows, err := db.QueryContext(ctx, "SELECT name FROM users LIMIT ? OFFSET ?", 122_880, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, name)
			n++
		}
		rows.Close()
		if n < 122_880 {
			break
		}
	}
	return out, nil
}

// ParquetIDs reads a Parquet file through a table function: no finding
// (the pager walks tables, and offsetwalk's costs were measured on
// tables), and no fix.
func ParquetIDs(ctx context.Context, db *sql.DB, path string) ([]int64, error) {
	var out []int64
	for off := 0; ; off += 122_880 {
		rows, err := db.QueryContext(ctx, "SELECT id FROM read_parquet(?) LIMIT ? OFFSET ?", path, 122_880, off)
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, id)
			n++
		}
		rows.Close()
		if n < 122_880 {
			break
		}
	}
	return out, nil
}
