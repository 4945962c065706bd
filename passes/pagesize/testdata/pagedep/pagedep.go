// Package pagedep is a nightly reporting job that reads the events table
// page by page. Some of its walks compute the same whatever the page
// size, and get the size fix; others compute something that depends on
// which rows share a page, and keep the finding without a fix (issue 24).
package pagedep

import (
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
	"log"
	"os"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

const exportPage = 250_000 // want `^page size exportPage = 250000 splits DuckDB's 122880-row row groups: .*; use 245_760$`

// Export hashes every event in table order: the same digest whatever
// the page size.
func Export(ctx context.Context, db *sql.DB) (string, error) {
	h := fnv.New64a()
	for off := 0; ; off += exportPage {
		rows, err := db.QueryContext(ctx, "SELECT id, kind FROM events LIMIT ? OFFSET ?", exportPage, off)
		if err != nil {
			return "", err
		}
		n := 0
		for rows.Next() {
			var id int64
			var kind string
			if err := rows.Scan(&id, &kind); err != nil {
				rows.Close()
				return "", err
			}
			fmt.Fprintf(h, "%d %s\n", id, kind)
			n++
		}
		if err := rows.Close(); err != nil {
			return "", err
		}
		if n < exportPage {
			break
		}
	}
	return strconv.FormatUint(h.Sum64(), 16), nil
}

// Revenue sums the amounts by rowid ranges up to the table's last rowid.
func Revenue(ctx context.Context, db *sql.DB) (string, error) {
	var maxRow int64
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM events").Scan(&maxRow); err != nil {
		return "", err
	}
	const step = 200_000 // want `^page size step = 200000 splits DuckDB's 122880-row row groups: .*; use 245_760$`
	var total float64
	var count int
	for lo := int64(0); lo <= maxRow; lo += step {
		hi := lo + step
		rows, err := db.QueryContext(ctx, "SELECT amount FROM events WHERE rowid >= ? AND rowid < ?", lo, hi)
		if err != nil {
			return "", err
		}
		for rows.Next() {
			var amount float64
			if err := rows.Scan(&amount); err != nil {
				rows.Close()
				return "", err
			}
			total += amount
			count++
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("%d rows, %.2f", count, total), nil
}

// Since follows the ids after a bookmark, a keyset page at a time.
func Since(ctx context.Context, db *sql.DB, after int64) (string, error) {
	h := fnv.New64a()
	last := after
	for {
		rows, err := db.QueryContext(ctx, "SELECT id, kind FROM events WHERE id > ? ORDER BY id LIMIT ?", last, 180_000) // want `^page size 180000 splits DuckDB's 122880-row row groups: .*; use 122_880$`
		if err != nil {
			return "", err
		}
		n := 0
		for rows.Next() {
			var kind string
			if err := rows.Scan(&last, &kind); err != nil {
				rows.Close()
				return "", err
			}
			fmt.Fprintf(h, "%d %s\n", last, kind)
			n++
		}
		rows.Close()
		if n == 0 {
			return fmt.Sprintf("%x up to %d", h.Sum64(), last), nil
		}
	}
}

const validPage = 200_000 // want `^page size validPage = 200000 splits DuckDB's 122880-row row groups: .*; use 245760$`

// Valid hashes the rows of each page up to its first refund: the rest of
// that page is skipped (continue pages), so what it computes depends on
// where pages start. No fix.
func Valid(ctx context.Context, db *sql.DB) (string, error) {
	h := fnv.New64a()
pages:
	for off := 0; ; off += validPage {
		rows, err := db.QueryContext(ctx, "SELECT id, kind FROM events LIMIT ? OFFSET ?", validPage, off)
		if err != nil {
			return "", err
		}
		n := 0
		for rows.Next() {
			var id int64
			var kind string
			if err := rows.Scan(&id, &kind); err != nil {
				rows.Close()
				return "", err
			}
			n++
			if kind == "refund" {
				rows.Close()
				continue pages
			}
			fmt.Fprintf(h, "%d %s\n", id, kind)
		}
		rows.Close()
		if n == 0 {
			break
		}
	}
	return strconv.FormatUint(h.Sum64(), 16), nil
}

// Backfill pages at the size BACKFILL_PAGE asks for, and logs the size it
// uses: the log says 150000, and would say 122880 after a fix. No fix.
func Backfill(ctx context.Context, db *sql.DB, logger *log.Logger) (string, error) {
	page := 150_000 // want `^page size page = 150000 splits DuckDB's 122880-row row groups: .*; use 122880$`
	if v, err := strconv.Atoi(os.Getenv("BACKFILL_PAGE")); err == nil && v > 0 {
		page = v
	}
	logger.Printf("backfill: %d rows a page", page)
	seen := 0
	for off := 0; ; off += page {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", page, off)
		if err != nil {
			return "", err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		seen += n
		if n == 0 {
			break
		}
	}
	return strconv.Itoa(seen), nil
}

// PageTotals sums the amounts of each page for the progress report: the
// sums are per page, so they change with the page size. No fix.
func PageTotals(ctx context.Context, db *sql.DB) (string, error) {
	var totals []float64
	for lo := 0; ; lo += 40_000 {
		rows, err := db.QueryContext(ctx, "SELECT amount FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+40_000) // want `^page size 40000 is smaller than DuckDB's 122880-row row group: each page is a query of its own \(0-28% more CPU than one-row-group pages, interpolated\); use 122880$`
		if err != nil {
			return "", err
		}
		var sum float64
		n := 0
		for rows.Next() {
			var amount float64
			if err := rows.Scan(&amount); err != nil {
				rows.Close()
				return "", err
			}
			sum += amount
			n++
		}
		rows.Close()
		if n == 0 {
			break
		}
		totals = append(totals, sum)
	}
	return fmt.Sprint(len(totals), totals[0]), nil
}

// Progress counts the pages it reads, for the job's report. No fix.
func Progress(ctx context.Context, db *sql.DB) (string, error) {
	pages := 0
	for off := 0; ; off += 300_000 {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", 300_000, off) // want `^page size 300000 splits DuckDB's 122880-row row groups: .*; use 245760$`
		if err != nil {
			return "", err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n == 0 {
			break
		}
		pages++
	}
	return fmt.Sprintf("%d pages", pages), nil
}

// Collect gathers the ids of a kind, a page's ids at a time, in table
// order: the pages' ids appended in order are the table's, whatever the
// page size. The fix applies.
func Collect(ctx context.Context, db *sql.DB) (string, error) {
	var all []int64
	for off := 0; ; off += 160_000 {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events WHERE kind = 'k3' LIMIT ? OFFSET ?", 160_000, off) // want `^page size 160000 splits DuckDB's 122880-row row groups: .*; use 122_880$`
		if err != nil {
			return "", err
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return "", err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if len(ids) == 0 {
			break
		}
		all = append(all, ids...)
	}
	h := fnv.New64a()
	fmt.Fprint(h, all)
	return fmt.Sprintf("%d ids %x", len(all), h.Sum64()), nil
}

// Sample reads pages until it has at least 400,000 rows: the running
// total decides where the walk stops, so a new page size stops it at
// another row (300,000-row pages stop after 600,000 rows, 245,760-row
// pages after 491,520). No fix.
func Sample(ctx context.Context, db *sql.DB) (string, error) {
	seen := 0
	for off := 0; ; off += 300_000 {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", 300_000, off) // want `^page size 300000 splits DuckDB's 122880-row row groups: .*; use 245760$`
		if err != nil {
			return "", err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		seen += n
		if n == 0 || seen >= 400_000 {
			break
		}
	}
	return fmt.Sprintf("%d rows sampled", seen), nil
}

// Count counts the events a rowid range at a time: the pages' counts add
// up to the table's, whatever the range. The fix applies.
func Count(ctx context.Context, db *sql.DB) (string, error) {
	var maxRow, total int64
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM events").Scan(&maxRow); err != nil {
		return "", err
	}
	for lo := int64(0); lo <= maxRow; lo += 100_000 {
		var n int64
		if err := db.QueryRowContext(ctx, "SELECT count(*) FROM events WHERE rowid BETWEEN ? AND ?", lo, lo+100_000-1).Scan(&n); err != nil { // want `^page size 100000 is smaller than DuckDB's 122880-row row group: .*; use 122_880$`
			return "", err
		}
		total += n
	}
	return fmt.Sprintf("%d events", total), nil
}

// CountAll is Count that stops at the first empty range and returns the
// total from inside the loop: a return ends the walk, so reading the
// total there is reading it after the loop. The fix applies.
func CountAll(ctx context.Context, db *sql.DB) (int64, error) {
	var total int64
	for lo := int64(0); ; lo += 100_000 {
		var n int64
		if err := db.QueryRowContext(ctx, "SELECT count(*) FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+100_000).Scan(&n); err != nil { // want `^page size 100000 is smaller than DuckDB's 122880-row row group: .*; use 122_880$`
			return 0, err
		}
		if n == 0 {
			return total, nil
		}
		total += n
	}
}
