// Package tinypages feeds a search index from DuckDB a hundred rows at a
// time. A walk of the whole table is no request page: its pages are
// reported at any size below a row group, -min or not.
package tinypages

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"

	_ "github.com/duckdb/duckdb-go/v2"
)

// syncBatch is what the search API accepts per request.
const syncBatch = 100 // want `^page size syncBatch = 100 is smaller than DuckDB's 122880-row row group: each page is a query of its own \(8-17x the CPU of one-row-group pages\); use 122880$`

// Sync sends every document to the index.
func Sync(ctx context.Context, db *sql.DB, send func([]string) error) error {
	for off := 0; ; off += syncBatch {
		rows, err := db.QueryContext(ctx, "SELECT body FROM docs LIMIT ? OFFSET ?", syncBatch, off)
		if err != nil {
			return err
		}
		var batch []string
		for rows.Next() {
			var b string
			if err := rows.Scan(&b); err != nil {
				rows.Close()
				return err
			}
			batch = append(batch, b)
		}
		rows.Close()
		if len(batch) == 0 {
			return nil
		}
		if err := send(batch); err != nil {
			return err
		}
	}
}

// Checksum reads the table 1,000 rows at a time by rowid.
func Checksum(ctx context.Context, db *sql.DB) (int64, error) {
	var sum int64
	for lo := 0; ; lo += 1_000 {
		var s sql.NullInt64
		var n int
		err := db.QueryRowContext(ctx, "SELECT sum(hash(body)), count(*) FROM docs WHERE rowid >= ? AND rowid < ?", lo, lo+1_000).Scan(&s, &n) // want `^page size 1000 is smaller than DuckDB's 122880-row row group: each page is a query of its own \(2-2\.5x the CPU of one-row-group pages\); use 122880$`
		if err != nil || n == 0 {
			return sum, err
		}
		sum += s.Int64
	}
}

// Load commits every 500 documents: a commit loop, where -min still
// applies (a loop may never see more than a few hundred rows).
func Load(ctx context.Context, db *sql.DB, docs []string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	for i, d := range docs {
		if _, err := tx.ExecContext(ctx, "INSERT INTO docs VALUES (?)", d); err != nil {
			tx.Rollback()
			return err
		}
		if (i+1)%500 == 0 {
			if err := tx.Commit(); err != nil {
				return err
			}
			if tx, err = db.BeginTx(ctx, nil); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

// ServeHTTP serves one page of 20 documents per request: no walk.
func ServeHTTP(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		rows, err := db.QueryContext(r.Context(), "SELECT body FROM docs LIMIT ? OFFSET ?", 20, page*20)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		rows.Close()
	}
}

// Rehash reads the table in vector-sized pages of 4,096 rows: inside one
// row group each, but 30 queries per group.
func Rehash(ctx context.Context, db *sql.DB) error {
	for lo := 0; ; lo += 4_096 {
		rows, err := db.QueryContext(ctx, "SELECT body FROM docs WHERE rowid >= ? AND rowid < ?", lo, lo+4_096) // want `^page size 4096 is smaller than DuckDB's 122880-row row group: each page is a query of its own \(1\.1-2\.5x the CPU of one-row-group pages, interpolated\); use 122_880$`
		if err != nil {
			return err
		}
		more := rows.Next()
		rows.Close()
		if !more {
			return nil
		}
	}
}
