// Package iterspans walks tables through iterators that yield rowid
// bounds, as Go 1.23 code writes it.
package iterspans

import (
	"database/sql"
	"iter"

	_ "github.com/duckdb/duckdb-go/v2"
)

// spans yields [lo, hi) ranges of size rows up to total.
func spans(total, size int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for lo := 0; lo < total; lo += size {
			if !yield(lo, min(lo+size, total)) {
				return
			}
		}
	}
}

// Count counts the rows of events range by range.
func Count(db *sql.DB, n int) (int64, error) {
	var sum int64
	for lo, hi := range spans(n, 250_000) { // want `^page size 250000 splits`
		var c int64
		if err := db.QueryRow("SELECT count(*) FROM events WHERE rowid >= ? AND rowid < ?", lo, hi).Scan(&c); err != nil {
			return 0, err
		}
		sum += c
	}
	return sum, nil
}

// Aligned ranges: no page size finding.
func Aligned(db *sql.DB, n int) {
	for lo, hi := range spans(n, 245_760) {
		db.Query("SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, hi)
	}
}

// chunk is a closed rowid range.
type chunk struct{ First, Last int64 }

// chunks yields closed ranges of 100,000 rows.
func chunks(total int64) iter.Seq[chunk] {
	return func(yield func(chunk) bool) {
		const width = 100_000 // want `^page size width = 100000 is smaller than`
		for first := int64(0); first < total; first += width {
			if !yield(chunk{first, first + width - 1}) {
				return
			}
		}
	}
}

// Archive reads closed ranges with BETWEEN from a struct the iterator
// yields: the fields' values in the yield call advance.
func Archive(db *sql.DB, total int64) {
	for c := range chunks(total) {
		db.Query("SELECT * FROM events WHERE rowid BETWEEN ? AND ?", c.First, c.Last)
	}
}

// Bounds yields the lower bound and the size.
func bounds(total, size int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for lo := 0; lo < total; lo += size {
			if !yield(lo, size) {
				return
			}
		}
	}
}

// Pages reads LIMIT/OFFSET pages whose offset and size the iterator
// yields.
func Pages(db *sql.DB, total int) {
	for off, n := range bounds(total, 200_000) { // want `^page size 200000 splits`
		db.Query("SELECT * FROM logs LIMIT ? OFFSET ?", n, off)
	}
}

// Tables yields table names: the key is a name, not a position.
func tables(names ...string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for _, n := range names {
			if !yield(n, 0) {
				return
			}
		}
	}
}

// Heads reads the first rows of each table.
func Heads(db *sql.DB) {
	for t, off := range tables("a", "b") {
		db.Query("SELECT * FROM "+t+" LIMIT 100 OFFSET ?", off)
	}
}
