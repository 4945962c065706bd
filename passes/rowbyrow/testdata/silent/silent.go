// Package silent writes DuckDB in loops that are not row-by-row loads:
// rowbyrow says nothing here.
package silent

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"time"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
)

// Seed inserts three reference rows.
func Seed(db *sql.DB) error {
	for _, s := range []string{"new", "paid", "shipped"} {
		if _, err := db.Exec("INSERT INTO statuses VALUES (?)", s); err != nil {
			return err
		}
	}
	for i := 0; i < 10; i++ {
		if _, err := db.Exec("INSERT INTO shards VALUES (?)", i); err != nil {
			return err
		}
	}
	return nil
}

var schema = []string{
	"CREATE TABLE IF NOT EXISTS events (id BIGINT, kind VARCHAR, at TIMESTAMP)",
	"CREATE INDEX IF NOT EXISTS events_kind ON events (kind)",
}

// Migrate runs statements, not rows.
func Migrate(ctx context.Context, db *sql.DB, extra []string) error {
	for _, s := range append(schema, extra...) {
		if _, err := db.ExecContext(ctx, s); err != nil {
			return err
		}
	}
	return nil
}

// Truncate deletes a row from every table: a loop over tables.
func Truncate(db *sql.DB, tables []string, id int64) error {
	for _, t := range tables {
		if _, err := db.Exec("DELETE FROM "+t+" WHERE id = ?", id); err != nil {
			return err
		}
	}
	return nil
}

// Retry runs one INSERT until it succeeds.
func Retry(ctx context.Context, db *sql.DB, id int64, kind string) error {
	var err error
	for {
		_, err = db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES (?, ?)", id, kind)
		if err == nil || ctx.Err() != nil {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Handler writes one row per request.
func Handler(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if _, err := db.ExecContext(r.Context(), "INSERT INTO hits VALUES (?, ?)", r.URL.Path, time.Now()); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}

type row struct {
	ID   int64
	Name string
}

// Chunked builds one multi-row INSERT per chunk of 1,000 rows.
func Chunked(ctx context.Context, db *sql.DB, rows []row) error {
	for lo := 0; lo < len(rows); lo += 1000 {
		chunk := rows[lo:min(lo+1000, len(rows))]
		var b strings.Builder
		args := make([]any, 0, 2*len(chunk))
		b.WriteString("INSERT INTO t VALUES ")
		for i, r := range chunk {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(?, ?)")
			args = append(args, r.ID, r.Name)
		}
		if _, err := db.ExecContext(ctx, b.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// ChunkedJoin builds the VALUES list with strings.Join.
func ChunkedJoin(db *sql.DB, batches [][]row) error {
	for _, batch := range batches {
		ph := make([]string, len(batch))
		var args []any
		for i, r := range batch {
			ph[i] = "(?, ?)"
			args = append(args, r.ID, r.Name)
		}
		if _, err := db.Exec("INSERT INTO t VALUES "+strings.Join(ph, ", "), args...); err != nil {
			return err
		}
	}
	return nil
}

// CopyPages copies a table page by page with INSERT ... SELECT.
func CopyPages(db *sql.DB, total int64) error {
	for lo := int64(0); lo < total; lo += 122_880 {
		if _, err := db.Exec("INSERT INTO dst SELECT * FROM src WHERE rowid >= ? AND rowid < ?", lo, lo+122_880); err != nil {
			return err
		}
	}
	return nil
}

// DeleteBatches deletes keys a list at a time.
func DeleteBatches(db *sql.DB, batches [][]int64) error {
	for _, ids := range batches {
		q := fmt.Sprintf("DELETE FROM t WHERE id IN (%s)", strings.TrimSuffix(strings.Repeat("?,", len(ids)), ","))
		args := make([]any, len(ids))
		for i, id := range ids {
			args[i] = id
		}
		if _, err := db.Exec(q, args...); err != nil {
			return err
		}
	}
	return nil
}

// NamedBulk lets sqlx expand one multi-row VALUES per batch.
func NamedBulk(db *sqlx.DB, batches [][]row) error {
	for _, batch := range batches {
		if _, err := db.NamedExec("INSERT INTO t (id, name) VALUES (:id, :name)", batch); err != nil {
			return err
		}
	}
	return nil
}

// Fanout writes from goroutines the loop starts: the loop waits on no
// statement.
func Fanout(db *sql.DB, rows []row) {
	for _, r := range rows {
		go func() {
			db.Exec("INSERT INTO t VALUES (?, ?)", r.ID, r.Name)
		}()
	}
}

// Heartbeat writes one row per tick: a periodic write, not a load.
func Heartbeat(ctx context.Context, db *sql.DB, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for now := range t.C {
		if _, err := db.ExecContext(ctx, "INSERT INTO heartbeats VALUES (?)", now); err != nil {
			return
		}
	}
}
