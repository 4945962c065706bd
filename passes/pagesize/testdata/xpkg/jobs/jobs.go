// Package jobs runs the exporter's jobs over the warehouse (DuckDB) and
// the application database (PostgreSQL); its sizes come from the
// settings and config packages.
package jobs

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"

	"example.com/fixtures/xpkg/config"
	"example.com/fixtures/xpkg/duckpage"
	"example.com/fixtures/xpkg/settings"
)

// Runner holds the two databases.
type Runner struct {
	wh, pg *sql.DB
}

// New opens the warehouse and the application database.
func New(whPath, pgDSN string) (*Runner, error) {
	wh, err := sql.Open("duckdb", whPath)
	if err != nil {
		return nil, err
	}
	pg, err := sql.Open("postgres", pgDSN)
	if err != nil {
		return nil, err
	}
	return &Runner{wh: wh, pg: pg}, nil
}

func drain(rows *sql.Rows) bool {
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	return n > 0
}

// Events pages through the events with a size the environment may set.
func (r *Runner) Events(ctx context.Context) error {
	page := settings.EnvInt("EVENTS_PAGE", 200_000) // want `page size 200000 splits DuckDB's 122880-row row groups`
	for off := 0; ; off += page {
		rows, err := r.wh.QueryContext(ctx, "SELECT * FROM events LIMIT ? OFFSET ?", page, off)
		if err != nil {
			return err
		}
		if !drain(rows) {
			return nil
		}
	}
}

// Sessions reads the sessions in rowid ranges; EnvSize's fallback is
// already two row groups.
func (r *Runner) Sessions(ctx context.Context) error {
	n, err := settings.EnvSize("SESSIONS_PAGE", 245_760)
	if err != nil {
		return err
	}
	for lo := int64(0); lo < 10_000_000; lo += n {
		rows, err := r.wh.QueryContext(ctx, "SELECT * FROM sessions WHERE rowid >= ? AND rowid < ?", lo, lo+n)
		if err != nil {
			return err
		}
		drain(rows)
	}
	return nil
}

// Users pages through PostgreSQL: its size costs nothing in DuckDB.
func (r *Runner) Users(ctx context.Context) error {
	page := settings.EnvInt("USERS_PAGE", 250_000)
	for off := 0; ; off += page {
		rows, err := r.pg.QueryContext(ctx, "SELECT * FROM users ORDER BY id LIMIT $1 OFFSET $2", page, off)
		if err != nil {
			return err
		}
		if !drain(rows) {
			return nil
		}
	}
}

// Orders walks with the default configuration's page size.
func (r *Runner) Orders(ctx context.Context) error {
	cfg := config.Default()
	for lo := 0; ; lo += cfg.PageSize {
		rows, err := r.wh.QueryContext(ctx, "SELECT * FROM orders WHERE rowid >= ? AND rowid < ?", lo, lo+cfg.PageSize) // want `page size PageSize = 250000 \(in config.Default, config.go:\d+\) splits DuckDB's 122880-row row groups: .*; use 245760 there`
		if err != nil {
			return err
		}
		if !drain(rows) {
			return nil
		}
	}
}

// Copy commits the copy every CommitRows rows, a default Load already
// aligns.
func (r *Runner) Copy(ctx context.Context, path string) error {
	cfg, err := config.Load(path)
	if err != nil {
		return err
	}
	for off := 0; ; off += cfg.CommitRows {
		res, err := r.wh.ExecContext(ctx, "INSERT INTO archive SELECT * FROM staging LIMIT ? OFFSET ?", cfg.CommitRows, off)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}

// Archive reads the archive with the package-wide page size.
func (r *Runner) Archive(ctx context.Context) error {
	for lo := 0; ; lo += config.ArchivePage {
		rows, err := r.wh.QueryContext(ctx, "SELECT * FROM archive WHERE rowid >= ? AND rowid < ?", lo, lo+config.ArchivePage) // want `page size config.ArchivePage = 150000 \(in config, config.go:\d+\) splits DuckDB's 122880-row row groups: .*; use 122880 there`
		if err != nil {
			return err
		}
		if !drain(rows) {
			return nil
		}
	}
}

// Audit walks through the shared helper, which takes the page size.
func (r *Runner) Audit(ctx context.Context) error {
	count := func(*sql.Rows) error { return nil }
	if err := duckpage.Each(ctx, r.wh, "audit_log", 300_000, count); err != nil { // want `^page size 300000 splits DuckDB's 122880-row row groups: each page also reads a partly used one \(6-19% more bytes a row\); use 245760$`
		return err
	}
	// The same helper over PostgreSQL: silent, and left alone by -fix.
	return duckpage.Each(ctx, r.pg, "audit_log", 300_000, count)
}
