// Package migrate copies tables from PostgreSQL into DuckDB: the most
// common shape of a program that holds handles of two engines.
package migrate

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

// Migrator holds both ends of the copy.
type Migrator struct {
	PG   *sql.DB
	Duck *sql.DB
}

// New opens both databases.
func New(pgURL, duckPath string) (*Migrator, error) {
	pg, err := sql.Open("postgres", pgURL)
	if err != nil {
		return nil, err
	}
	duck, err := sql.Open("duckdb", duckPath)
	if err != nil {
		return nil, err
	}
	return &Migrator{PG: pg, Duck: duck}, nil
}

const pageRows = 250_000

// CopyTable reads table from PostgreSQL page by page.
func (m *Migrator) CopyTable(ctx context.Context, table string) error {
	for off := 0; ; off += pageRows {
		rows, err := m.PG.QueryContext(ctx, fmt.Sprintf("SELECT * FROM %s ORDER BY id LIMIT $1 OFFSET $2", table), pageRows, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}

// Verify walks the copy in DuckDB.
func (m *Migrator) Verify(ctx context.Context, table string) error {
	for off := 0; ; off += 100_000 {
		rows, err := m.Duck.QueryContext(ctx, "SELECT * FROM "+table+" LIMIT ? OFFSET ?", 100_000, off) // want `page size 100000`
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

// CopyAll hands each end to a helper.
func (m *Migrator) CopyAll(ctx context.Context) error {
	if err := readSource(ctx, m.PG, "orders"); err != nil {
		return err
	}
	return checkTarget(ctx, m.Duck, "orders")
}

// readSource is only ever called with the PostgreSQL handle.
func readSource(ctx context.Context, src *sql.DB, table string) error {
	for off := 0; ; off += 50_000 {
		rows, err := src.QueryContext(ctx, "SELECT * FROM "+table+" ORDER BY id LIMIT $1 OFFSET $2", 50_000, off)
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

// checkTarget is only ever called with the DuckDB handle.
func checkTarget(ctx context.Context, dst *sql.DB, table string) error {
	for off := 0; ; off += 150_000 {
		rows, err := dst.QueryContext(ctx, "SELECT * FROM "+table+" LIMIT ? OFFSET ?", 150_000, off) // want `page size 150000 .*`
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

// pair is built positionally: source first, then target.
type pair struct {
	src, dst *sql.DB
}

func legacyPair() pair {
	pg, _ := sql.Open("postgres", "")
	duck, _ := sql.Open("duckdb", "")
	return pair{pg, duck}
}

func (p pair) walkSource() {
	for off := 0; ; off += 250_000 {
		p.src.Query("SELECT * FROM t ORDER BY id LIMIT $1 OFFSET $2", 250_000, off)
	}
}

func (p pair) walkTarget() {
	for off := 0; ; off += 250_000 {
		p.dst.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off) // want `page size 250000`
	}
}

// Walk is exported and never called here: its handle may be either
// engine, and this package talks to both, so rowalign says nothing.
func Walk(db *sql.DB) {
	for off := 0; ; off += 250_000 {
		db.Query("SELECT * FROM t LIMIT ? OFFSET ?", 250_000, off)
	}
}
