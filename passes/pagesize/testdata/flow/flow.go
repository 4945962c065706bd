// Package flow holds sizes that reach a walk from elsewhere.
package flow

import (
	"context"
	"database/sql"
	"iter"

	_ "github.com/marcboeker/go-duckdb/v2"

	"example.com/fixtures/flow/dbconf"
)

// From another package: reported at the use, no fix.
func otherPackage(db *sql.DB) {
	for off := 0; ; off += dbconf.PageSize {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", dbconf.PageSize, off) // want `^page size dbconf\.PageSize = 250000 splits DuckDB's 122880-row row groups: each page also reads a partly used one \(6-19% more bytes a row\); use 245760 \(here, or at dbconf\.go:5\)$`
	}
}

// Config carries the page size.
type Config struct {
	Table    string
	PageSize int
}

func fieldWalk(ctx context.Context, db *sql.DB, c Config) {
	for off := 0; ; off += c.PageSize {
		db.QueryContext(ctx, "SELECT * FROM "+c.Table+" LIMIT ? OFFSET ?", c.PageSize, off)
	}
}

func useConfig(db *sql.DB) {
	fieldWalk(context.Background(), db, Config{Table: "t", PageSize: 200_000}) // want `page size PageSize = 200000`
	fieldWalk(context.Background(), db, Config{Table: "t", PageSize: 245_760})
}

// A parameter bound by constants at the call sites.
func walk(db *sql.DB, pageSize int) {
	for page := 0; ; page++ {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", pageSize, page*pageSize)
	}
}

func callers(db *sql.DB) {
	walk(db, 250_000) // want `page size 250000`
	walk(db, 122_880)
}

// A generic walk.
func genericWalk[T any](db *sql.DB, n int, scan func(*sql.Rows) T) []T {
	var out []T
	for off := 0; ; off += n {
		rows, _ := db.Query("SELECT * FROM t LIMIT ? OFFSET ?", n, off)
		for rows.Next() {
			out = append(out, scan(rows))
		}
		if len(out) < off+n {
			return out
		}
	}
}

func genericCaller(db *sql.DB) {
	genericWalk(db, 300_000, func(*sql.Rows) int { return 0 })             // want `page size 300000`
	genericWalk[string](db, 400_000, func(*sql.Rows) string { return "" }) // want `page size 400000`
}

// An iterator over pages, consumed with range over func.
func Pages(db *sql.DB, size int) iter.Seq2[*sql.Rows, error] {
	return func(yield func(*sql.Rows, error) bool) {
		for off := 0; ; off += size {
			rows, err := db.Query("SELECT * FROM t LIMIT ? OFFSET ?", size, off)
			if !yield(rows, err) || err != nil {
				return
			}
		}
	}
}

func iterCaller(db *sql.DB) {
	for rows, err := range Pages(db, 150_000) { // want `page size 150000`
		_, _ = rows, err
	}
}

// A method.
type store struct{ db *sql.DB }

func (s *store) each(batch int64) {
	var off int64
	for {
		s.db.Query("SELECT * FROM t LIMIT ? OFFSET ?", batch, off)
		off += batch
	}
}

func methodCaller(s *store) { s.each(130_000) } // want `page size 130000`
