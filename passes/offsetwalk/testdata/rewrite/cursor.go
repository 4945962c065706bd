package rewrite

import (
	"context"
	"database/sql"
)

// The keyset walks below resume after a cursor and hand back where to
// resume next. The pager reads rowid order, so its walk ends on another
// row than the key's last: none gets a fix, and the last key, read after
// the loop through a closure, a pointer or a defer declared before it,
// stays the key's last.

// SyncCount counts the accounts after a cursor and returns the cursor
// to resume from, read through a closure.
func SyncCount(ctx context.Context, db *sql.DB, after int64) (int64, int, error) {
	last := after
	cursor := func() int64 { return last }
	count := 0
	for {
		rows, err := db.QueryContext(ctx, "SELECT id FROM accounts WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return 0, 0, err
		}
		n := 0
		for rows.Next() {
			if err := rows.Scan(&last); err != nil {
				rows.Close()
				return 0, 0, err
			}
			count++
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return cursor(), count, nil
}

// SyncTotal sums the balances after a cursor, keeping the cursor through
// a pointer.
func SyncTotal(ctx context.Context, db *sql.DB, after int64) (int64, int64, error) {
	last := after
	cursor := &last
	var total int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, balance FROM accounts WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return 0, 0, err
		}
		n := 0
		for rows.Next() {
			var balance int64
			if err := rows.Scan(&last, &balance); err != nil {
				rows.Close()
				return 0, 0, err
			}
			total += balance
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return *cursor, total, nil
}

// SyncSaved counts the accounts after a cursor and saves the cursor when
// it returns, in a deferred call.
func SyncSaved(ctx context.Context, db *sql.DB, after int64, save func(int64)) (int, error) {
	last := after
	defer func() { save(last) }()
	count := 0
	for {
		rows, err := db.QueryContext(ctx, "SELECT id FROM accounts WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			if err := rows.Scan(&last); err != nil {
				rows.Close()
				return 0, err
			}
			count++
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return count, nil
}
