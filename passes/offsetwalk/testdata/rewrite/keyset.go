package rewrite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
)

// CustomerTotals sums each customer's order amounts, in cents, walking
// the orders by id.
func CustomerTotals(ctx context.Context, db *sql.DB) (map[int64]int64, error) {
	totals := make(map[int64]int64)
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, customer, cents FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var customer, cents int64
			if err := rows.Scan(&last, &customer, &cents); err != nil {
				rows.Close()
				return nil, err
			}
			totals[customer] += cents
			n++
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return totals, nil
}

// KindStats counts one kind's events and finds the largest size, reading
// 122,880 events at a time from the last id seen.
func KindStats(ctx context.Context, tx *sql.Tx, kind string) (count, largest int64, err error) {
	lastID := int64(-1)
	var c, hi int64
	for {
		rows, err := tx.QueryContext(ctx, `SELECT id, size FROM events WHERE kind = ? AND id > ? ORDER BY id LIMIT 122880`, kind, lastID) // want `^keyset page walk`
		if err != nil {
			return 0, 0, err
		}
		got := 0
		for rows.Next() {
			var id, size int64
			if err := rows.Scan(&id, &size); err != nil {
				rows.Close()
				return 0, 0, err
			}
			c++
			if size > hi {
				hi = size
			}
			lastID = id
			got++
		}
		rows.Close()
		if got == 0 {
			break
		}
	}
	return c, hi, nil
}

// Names maps every user's id to their name.
func Names(ctx context.Context, conn *sql.Conn) (map[int64]string, error) {
	names := map[int64]string{}
	var after int64
	for {
		rows, err := conn.QueryContext(ctx, "SELECT id, name FROM users WHERE id > ? ORDER BY id LIMIT ?", after, 245_760) // want `^keyset page walk`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var name string
			if err := rows.Scan(&after, &name); err != nil {
				rows.Close()
				return nil, err
			}
			names[after] = name
			n++
		}
		rows.Close()
		if n < 245_760 {
			return names, nil
		}
	}
}

// ActiveIDs lists the ids of the active users, sorted.
func ActiveIDs(ctx context.Context, db *sql.DB) ([]int64, error) {
	var ids []int64
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, active FROM users WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var active bool
			if err := rows.Scan(&last, &active); err != nil {
				rows.Close()
				return nil, err
			}
			n++
			if !active {
				continue
			}
			ids = append(ids, last)
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// Flags ORs every event's flags together and keeps the largest size.
func Flags(ctx context.Context, db *sql.DB) (uint64, int64, error) {
	var mask uint64
	var largest int64
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, flags, size FROM events WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return 0, 0, err
		}
		n := 0
		for rows.Next() {
			var flags uint64
			var size int64
			if err := rows.Scan(&last, &flags, &size); err != nil {
				rows.Close()
				return 0, 0, fmt.Errorf("scan event: %w", err)
			}
			mask |= flags
			largest = max(largest, size)
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return mask, largest, nil
}

// CopyLarge copies the orders of 100,000 cents or more into large_orders,
// in the caller's transaction.
func CopyLarge(ctx context.Context, tx *sql.Tx) error {
	var last int64
	for {
		rows, err := tx.QueryContext(ctx, "SELECT id, customer, cents FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var customer, cents int64
			if err := rows.Scan(&last, &customer, &cents); err != nil {
				rows.Close()
				return err
			}
			n++
			if cents < 100_000 {
				continue
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO large_orders (id, customer, cents) VALUES (?, ?, ?)", last, customer, cents); err != nil {
				rows.Close()
				return err
			}
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return nil
}
