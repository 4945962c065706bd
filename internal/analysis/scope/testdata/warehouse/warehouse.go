// Package warehouse keeps the event history in DuckDB and looks up
// customers in PostgreSQL. Its handles live in struct fields: a field
// that every assignment in the package sets to a DuckDB handle is
// DuckDB's, and its walks are reported, saying so; a field set to both
// engines, or only by other packages, stays unknown, and silent.
package warehouse

import (
	"context"
	"database/sql"
	"fmt"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

// Store is the event history.
type Store struct {
	db *sql.DB
}

// New opens the event history at path.
func New(path string) (*Store, error) {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

// Customers opens the customer database.
func Customers(dsn string) (*sql.DB, error) {
	return sql.Open("postgres", dsn)
}

const exportPage = 200_000 // want `page size exportPage = 200000 splits DuckDB.s 122880-row row groups: .*`

// Export writes every event to w, a page at a time.
func (s *Store) Export(ctx context.Context, w io.Writer) error {
	for off := 0; ; off += exportPage {
		rows, err := s.db.QueryContext(ctx, "SELECT id, kind, at FROM events ORDER BY id LIMIT ? OFFSET ?", exportPage, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var kind, at string
			if err := rows.Scan(&id, &kind, &at); err != nil {
				rows.Close()
				return err
			}
			fmt.Fprintln(w, id, kind, at)
			n++
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
	}
}

// Archive is a read-only copy of the history; newArchive is given its
// handle, and every call gives it a DuckDB one.
type Archive struct {
	db    *sql.DB
	table string
}

func newArchive(db *sql.DB, table string) *Archive {
	return &Archive{db: db, table: table}
}

// OpenArchive opens the archive file at path.
func OpenArchive(path string) (*Archive, error) {
	db, err := sql.Open("duckdb", path+"?access_mode=read_only")
	if err != nil {
		return nil, err
	}
	return newArchive(db, "events"), nil
}

// Count counts the archived events a transaction at a time.
func (a *Archive) Count(ctx context.Context) (int64, error) {
	var total int64
	tx, err := a.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	for off := 0; ; off += 100_000 {
		var n int64
		err := tx.QueryRowContext(ctx, "SELECT count(*) FROM (SELECT id FROM "+a.table+" ORDER BY id LIMIT ? OFFSET ?)", 100_000, off).Scan(&n) // want `page size 100000 is smaller than DuckDB's 122880-row row group: .*`
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return total, nil
		}
		total += n
	}
}

// Mirror replays events into either database: its handle is set to both
// engines, so its walk is not judged.
type Mirror struct {
	db *sql.DB
}

// NewMirror picks the database to replay into.
func NewMirror(pgDSN, duckPath string) (*Mirror, error) {
	if pgDSN != "" {
		pg, err := Customers(pgDSN)
		if err != nil {
			return nil, err
		}
		return &Mirror{db: pg}, nil
	}
	duck, err := sql.Open("duckdb", duckPath)
	if err != nil {
		return nil, err
	}
	return &Mirror{db: duck}, nil
}

// Replay reads the events back in pages.
func (m *Mirror) Replay(ctx context.Context, apply func(id int64) error) error {
	for off := 0; ; off += 200_000 {
		rows, err := m.db.QueryContext(ctx, "SELECT id FROM events ORDER BY id LIMIT $1 OFFSET $2", 200_000, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			if err := apply(id); err != nil {
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n == 0 {
			return rows.Err()
		}
	}
}

// Report is filled in by the programs that use it: this package never
// sets DB, so its engine is theirs to know.
type Report struct {
	DB    *sql.DB
	Limit int
}

// Rows walks the report's table.
func (r *Report) Rows(ctx context.Context) (int, error) {
	total := 0
	for off := 0; ; off += 200_000 {
		rows, err := r.DB.QueryContext(ctx, "SELECT * FROM report ORDER BY id LIMIT $1 OFFSET $2", 200_000, off)
		if err != nil {
			return total, err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n == 0 {
			return total, rows.Err()
		}
		total += n
	}
}
