// Package sqlxexport exports the warehouse (DuckDB) and the accounts
// database (PostgreSQL) to JSON lines with sqlx's package-level
// helpers and named queries.
package sqlxexport

import (
	"context"
	"encoding/json"
	"io"
	"log"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"
)

type event struct {
	ID      int64  `db:"id" json:"id"`
	Kind    string `db:"kind" json:"kind"`
	Payload string `db:"payload" json:"payload"`
}

type exporter struct {
	wh       *sqlx.DB
	accounts *sqlx.DB
	out      *json.Encoder
}

func newExporter(w io.Writer) *exporter {
	return &exporter{
		wh:       sqlx.MustConnect("duckdb", "warehouse.duckdb"),
		accounts: sqlx.MustConnect("postgres", "postgres://localhost/accounts"),
		out:      json.NewEncoder(w),
	}
}

// events pages through the warehouse with sqlx.Select.
func (e *exporter) events() error {
	for off := 0; ; off += 250_000 {
		var page []event
		if err := sqlx.Select(e.wh, &page, "SELECT id, kind, payload FROM events LIMIT ? OFFSET ?", 250_000, off); err != nil { // want `page size 250000`
			return err
		}
		if len(page) == 0 {
			return nil
		}
		for _, ev := range page {
			e.out.Encode(ev)
		}
	}
}

// sessions pages with the context form.
func (e *exporter) sessions(ctx context.Context) error {
	const pageRows = 100_000 // want `page size pageRows = 100000`
	for off := 0; ; off += pageRows {
		var page []event
		if err := sqlx.SelectContext(ctx, e.wh, &page, "SELECT id, kind, payload FROM sessions LIMIT ? OFFSET ?", pageRows, off); err != nil {
			return err
		}
		if len(page) < pageRows {
			return nil
		}
	}
}

// accountsPage reads the accounts from PostgreSQL: silent.
func (e *exporter) accountsPage(ctx context.Context) error {
	for off := 0; ; off += 250_000 {
		var page []event
		if err := sqlx.SelectContext(ctx, e.accounts, &page, "SELECT id FROM accounts ORDER BY id LIMIT $1 OFFSET $2", 250_000, off); err != nil {
			return err
		}
		if len(page) == 0 {
			return nil
		}
	}
}

// checksums sums a hash of each page with sqlx.Get, to compare the copy
// with its source page by page.
func (e *exporter) checksums(ctx context.Context, pages int) []int64 {
	sums := make([]int64, 0, pages)
	for off := 0; len(sums) < pages; off += 200_000 {
		var sum int64
		if err := sqlx.GetContext(ctx, e.wh, &sum, "SELECT sum(hash(id)) FROM (SELECT id FROM events LIMIT ? OFFSET ?)", 200_000, off); err != nil { // want `page size 200000`
			log.Fatal(err)
		}
		sums = append(sums, sum)
	}
	return sums
}

// pageArgs binds a named query's :lim and :off.
type pageArgs struct {
	Lim  int    `db:"lim"`
	Off  int    `db:"off"`
	Kind string `db:"kind"`
}

// byKind pages with a named query bound from a struct.
func (e *exporter) byKind(kind string) error {
	for off := 0; ; off += 250_000 {
		rows, err := sqlx.NamedQuery(e.wh, "SELECT * FROM events WHERE kind = :kind LIMIT :lim OFFSET :off", pageArgs{Lim: 250_000, Off: off, Kind: kind}) // want `page size 250000`
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

// byDay pages with a named query bound from a map, through a variable.
func (e *exporter) byDay(ctx context.Context, day string) error {
	for off := 0; ; off += 150_000 {
		args := map[string]any{"day": day, "lim": 150_000, "off": off} // want `page size 150000`
		rows, err := sqlx.NamedQueryContext(ctx, e.wh, "SELECT * FROM events WHERE day = :day LIMIT :lim OFFSET :off", args)
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

// namedMethod uses the method form with a pointer to the arguments.
func (e *exporter) namedMethod() {
	for off := 0; ; off += 100_000 {
		rows, err := e.wh.NamedQuery("SELECT * FROM events LIMIT :lim OFFSET :off", &pageArgs{Lim: 100_000, Off: off}) // want `page size 100000`
		if err != nil {
			log.Fatal(err)
		}
		if !rows.Next() {
			return
		}
		rows.Close()
	}
}

// accountsNamed pages the PostgreSQL accounts with a named query: silent.
func (e *exporter) accountsNamed() {
	for off := 0; ; off += 100_000 {
		rows, err := sqlx.NamedQuery(e.accounts, "SELECT * FROM accounts ORDER BY id LIMIT :lim OFFSET :off", map[string]any{"lim": 100_000, "off": off})
		if err != nil {
			log.Fatal(err)
		}
		if !rows.Next() {
			return
		}
		rows.Close()
	}
}

// pickedKinds pages over a list of kinds with sqlx.In and Rebind.
func (e *exporter) pickedKinds(kinds []string) error {
	for off := 0; ; off += 250_000 {
		query, args, err := sqlx.In("SELECT * FROM events WHERE kind IN (?) LIMIT ? OFFSET ?", kinds, 250_000, off) // want `page size 250000`
		if err != nil {
			return err
		}
		query = e.wh.Rebind(query)
		var page []event
		if err := e.wh.Select(&page, query, args...); err != nil {
			return err
		}
		if len(page) == 0 {
			return nil
		}
	}
}

// fullTable reads a dimension table at once: no walk, silent.
func (e *exporter) fullTable() ([]event, error) {
	var all []event
	rows, err := sqlx.NamedQuery(e.wh, "SELECT * FROM kinds LIMIT :lim", map[string]any{"lim": 250_000})
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var ev event
		rows.StructScan(&ev)
		all = append(all, ev)
	}
	return all, nil
}

// window is a named query's bounds, kept in one variable the walk moves.
type window struct {
	Lim int `db:"lim"`
	Off int `db:"off"`
}

const rollupPage = 300_000 // want `page size rollupPage = 300000`

// rollup walks with the struct variable itself: its offset field moves.
func (e *exporter) rollup() (int, error) {
	total := 0
	for w := (window{Lim: rollupPage}); ; w.Off += rollupPage {
		rows, err := e.wh.NamedQuery("SELECT day, count(*) FROM (SELECT day FROM views LIMIT :lim OFFSET :off) GROUP BY day", w)
		if err != nil {
			return total, err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		total += n
		if n == 0 {
			return total, nil
		}
	}
}

// pageAt serves the page a request asks for: the field is set once from
// the caller, no walk, silent.
func (e *exporter) pageAt(off int) error {
	w := window{Lim: 250_000}
	w.Off = off
	rows, err := e.wh.NamedQuery("SELECT * FROM views LIMIT :lim OFFSET :off", w)
	if err != nil {
		return err
	}
	return rows.Close()
}
