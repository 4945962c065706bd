// Package sqlxwalk is a reporting service written with sqlx: its page
// walks go through Select, Get and Queryx, which take the SQL after a
// destination, and a Postgres handle beside the DuckDB one keeps its own
// page size.
package sqlxwalk

import (
	"context"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/jmoiron/sqlx"
)

type Sale struct {
	ID     int64   `db:"id"`
	Region string  `db:"region"`
	Amount float64 `db:"amount"`
}

const salesPage = 250_000 // want `page size salesPage = 250000 splits`

type Store struct {
	Duck *sqlx.DB
}

func Open(path string) (*Store, error) {
	db, err := sqlx.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	return &Store{Duck: db}, nil
}

// AllSales pages through the sales table into structs.
func (s *Store) AllSales(ctx context.Context, fn func([]Sale) error) error {
	for off := 0; ; off += salesPage {
		var page []Sale
		if err := s.Duck.SelectContext(ctx, &page, "SELECT id, region, amount FROM sales LIMIT ? OFFSET ?", salesPage, off); err != nil {
			return err
		}
		if len(page) == 0 {
			return nil
		}
		if err := fn(page); err != nil {
			return err
		}
	}
}

// Regions streams with Queryx, 100,000 rows a page.
func (s *Store) Regions(fn func(string) error) error {
	for off := 0; ; off += 100_000 {
		rows, err := s.Duck.Queryx("SELECT DISTINCT region FROM sales LIMIT 100000 OFFSET ?", off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var r string
			if err := rows.Scan(&r); err != nil {
				rows.Close()
				return err
			}
			fn(r)
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}

// Totals reads one page with Select, walking with the page number. Its
// handle is a parameter no caller in this package passes, and the package
// talks to Postgres too (Mirror): the engine is unknown, so rowalign stays
// silent (README, Engines).
func Totals(db *sqlx.DB) ([]float64, error) {
	var all []float64
	for page := 0; page < 50; page++ {
		var amounts []float64
		if err := db.Select(&amounts, "SELECT amount FROM sales LIMIT 250000 OFFSET ?", page*250_000); err != nil {
			return nil, err
		}
		all = append(all, amounts...)
	}
	return all, nil
}

// A handle sqlx opened on Postgres pages at the API's size: not DuckDB's
// business.
func Mirror(ctx context.Context, dsn string) error {
	pg, err := sqlx.Connect("postgres", dsn)
	if err != nil {
		return err
	}
	for off := 0; ; off += 250_000 {
		var ids []int64
		if err := pg.SelectContext(ctx, &ids, "SELECT id FROM sales ORDER BY id LIMIT $1 OFFSET $2", 250_000, off); err != nil {
			return err
		}
		if len(ids) == 0 {
			return nil
		}
	}
}

// Get of one row per request is no walk.
func SaleByID(ctx context.Context, db *sqlx.DB, id int64) (Sale, error) {
	var s Sale
	err := db.GetContext(ctx, &s, "SELECT id, region, amount FROM sales WHERE id = ? LIMIT 1", id)
	return s, err
}

// fakeDB is a test double with sqlx's method shape: Select on a type that
// is not sqlx's is not taken for SQL.
type fakeDB struct{ pages [][]Sale }

func (f *fakeDB) Select(dest any, query string, args ...any) error { return nil }

func replayFake(f *fakeDB) {
	for off := 0; off < 1_000_000; off += 250_000 {
		var page []Sale
		f.Select(&page, "SELECT * FROM sales LIMIT 250000 OFFSET ?", off)
	}
}
