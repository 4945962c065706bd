// Package closures holds handles passed to closures in the shapes that
// must not confuse the engine tracker, in a package that talks to
// PostgreSQL too: only the callbacks whose handle is provably DuckDB's
// are reported, whichever question about a handle comes first.
package closures

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"
)

// H's implementations here are generic or recursive: unknown.
type H interface{ DB() *sql.DB }
type G[T any] struct{ db *sql.DB }

func (g G[T]) DB() *sql.DB { return g.db }

type R struct{ h H }

func (r *R) DB() *sql.DB { return r.h.DB() }

// inTx is a generic transaction helper.
func inTx[T any](db *sql.DB, fn func(*sql.Tx) (T, error)) (T, error) {
	tx, _ := db.Begin()
	return fn(tx)
}

// rec hands its callback on: its callback's handle is unknown.
func rec(db *sql.DB, fn func(*sql.Tx) error) error {
	if db == nil {
		return rec(db, fn)
	}
	tx, _ := db.Begin()
	return fn(tx)
}

var global func(db *sql.DB)

func load(ctx context.Context, h H) {
	duck, _ := sql.Open("duckdb", "")
	var walk func(db *sql.DB)
	walk = func(db *sql.DB) {
		for off := 0; ; off += 250_000 {
			db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
			walk(db)
		}
	}
	walk(duck)
	global = walk // walk escapes: its parameter is unknown
	inTx(duck, func(tx *sql.Tx) (int, error) {
		for off := 0; ; off += 250_000 {
			tx.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) // want `page size 250000`
		}
	})
	rec(duck, func(tx *sql.Tx) error {
		for off := 0; ; off += 250_000 {
			tx.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
		}
	})
	f := func(dbs ...*sql.DB) {
		for off := 0; ; off += 250_000 {
			dbs[0].Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
		}
	}
	f(duck)
	func(db *sql.DB) {
		for off := 0; ; off += 250_000 {
			db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) // want `page size 250000`
		}
	}(duck)
	for off := 0; ; off += 250_000 {
		h.DB().Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
		sqlx.Select(nil, nil, "SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
		sqlx.NamedQuery(nil, "SELECT * FROM t LIMIT :lim OFFSET :off", map[string]any{"lim": 250_000, "off": off})
		sqlx.NamedQuery(nil, "SELECT * FROM t LIMIT :lim OFFSET :off", struct {
			Lim int `db:"lim,omitempty"`
			Off int
			_   int `db:"-"`
		}{250_000, off, 0})
		q, args, _ := sqlx.In("SELECT * FROM t LIMIT ? OFFSET ?")
		sqlx.Select(nil, nil, q, args...)
		q2, args2, _ := sqlx.In("SELECT * FROM t LIMIT ? OFFSET ?", []any{1}...)
		sqlx.Select(nil, nil, q2, args2...)
	}
}
