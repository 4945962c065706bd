package rewrite

import (
	"context"
	"database/sql"
	"encoding/csv"
	"fmt"
	"strconv"
)

// ExportCSV writes the orders to w in id order: the file's line order is
// the walk's, so no fix.
func ExportCSV(ctx context.Context, db *sql.DB, w *csv.Writer) error {
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, cents FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var cents int64
			if err := rows.Scan(&last, &cents); err != nil {
				rows.Close()
				return err
			}
			w.Write([]string{strconv.FormatInt(last, 10), strconv.FormatInt(cents, 10)})
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	w.Flush()
	return w.Error()
}

// Revenue sums float amounts: a float sum's bits depend on the order of
// its terms, so no fix.
func Revenue(ctx context.Context, db *sql.DB) (float64, error) {
	var total float64
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, amount FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			var amount float64
			if err := rows.Scan(&last, &amount); err != nil {
				rows.Close()
				return 0, err
			}
			total += amount
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return total, nil
}

// Resume walks the orders after a saved id and returns the last id it
// read, for the next run: the pager's walk ends on another row, so no fix.
func Resume(ctx context.Context, db *sql.DB, from int64) (int64, int64, error) {
	last := from
	var count int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
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
	return last, count, nil
}

// LatestAmount keeps each customer's amount of their newest order: the
// last row written wins, and which is last depends on the order, so no
// fix.
func LatestAmount(ctx context.Context, db *sql.DB) (map[int64]int64, error) {
	latest := map[int64]int64{}
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
			latest[customer] = cents
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return latest, nil
}

// FirstIDs collects ids in the order read, and stops at the first big
// order: both depend on the order, so no fix.
func FirstIDs(ctx context.Context, db *sql.DB, limit int64) ([]int64, error) {
	var ids []int64
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, cents FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var cents int64
			if err := rows.Scan(&last, &cents); err != nil {
				rows.Close()
				return nil, err
			}
			ids = append(ids, last)
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return ids, nil
}

// Notify sends every id to a channel, in id order: no fix.
func Notify(ctx context.Context, db *sql.DB, out chan<- int64) error {
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			if err := rows.Scan(&last); err != nil {
				rows.Close()
				return err
			}
			out <- last
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return nil
}

// PrintOrdered prints the events in id order: no fix.
func PrintOrdered(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id, kind FROM events ORDER BY id LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk with ORDER BY`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var kind string
			if err := rows.Scan(&id, &kind); err != nil {
				rows.Close()
				return err
			}
			fmt.Println(id, kind)
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return nil
}

// RunningTotal checks a running total as it goes: it reads what it
// accumulates, so no fix.
func RunningTotal(ctx context.Context, db *sql.DB, budget int64) (int64, error) {
	var spent int64
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id, cents FROM orders ORDER BY id LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk with ORDER BY`
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			var id, cents int64
			if err := rows.Scan(&id, &cents); err != nil {
				rows.Close()
				return 0, err
			}
			if spent+cents > budget {
				rows.Close()
				return id, nil
			}
			spent += cents
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return 0, nil
}

// Score adds then doubles: + and * do not commute, so no fix.
func Score(ctx context.Context, db *sql.DB) (int64, error) {
	var score int64
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, points FROM games WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			var points int64
			if err := rows.Scan(&last, &points); err != nil {
				rows.Close()
				return 0, err
			}
			score += points
			score *= 2
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return score, nil
}

// AddTotals adds into the caller's map: after an error the caller keeps
// the sums of the rows read first, so no fix.
func AddTotals(ctx context.Context, db *sql.DB, into map[int64]int64) error {
	totals := into
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, customer, cents FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
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
			totals[customer] += cents
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return nil
}

// Cursor returns, in a named result, the last id it read: no fix.
func Cursor(ctx context.Context, db *sql.DB) (last int64, count int, err error) {
	for {
		rows, err := db.QueryContext(ctx, "SELECT id FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
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
	return
}

// CopyLargeNow inserts each large order by itself: after an error, the
// rows inserted first stay, and which they are depends on the order, so
// no fix.
func CopyLargeNow(ctx context.Context, db *sql.DB) error {
	var last int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, cents FROM orders WHERE id > ? ORDER BY id LIMIT ?", last, pageSize) // want `^keyset page walk`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var cents int64
			if err := rows.Scan(&last, &cents); err != nil {
				rows.Close()
				return err
			}
			n++
			if cents >= 100_000 {
				if _, err := db.ExecContext(ctx, "INSERT INTO large_orders VALUES (?, ?)", last, cents); err != nil {
					rows.Close()
					return err
				}
			}
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return nil
}
