// Package migrator moves the ledger from PostgreSQL to DuckDB: the most
// common shape of a mixed package, one struct holding both handles.
package migrator

// Silent before issue 19; its DuckDB writes are one INSERT per row (rowbyrow).

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/lib/pq"
)

// sourcePage is what one round trip to the Postgres replica fetches.
const sourcePage = 250_000

type Migrator struct {
	PG   *sql.DB
	Duck *sql.DB
	log  func(format string, args ...any)
}

func New(pgDSN, duckPath string) (*Migrator, error) {
	pg, err := sql.Open("postgres", pgDSN)
	if err != nil {
		return nil, err
	}
	duck, err := sql.Open("duckdb", duckPath)
	if err != nil {
		pg.Close()
		return nil, err
	}
	return &Migrator{PG: pg, Duck: duck, log: func(string, ...any) {}}, nil
}

func (m *Migrator) Migrate(ctx context.Context, table string) error {
	tx, err := m.Duck.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	total := 0
	for off := 0; ; off += sourcePage {
		q := fmt.Sprintf("SELECT * FROM %s ORDER BY id LIMIT $1 OFFSET $2", table)
		rows, err := m.PG.QueryContext(ctx, q, sourcePage, off)
		if err != nil {
			return err
		}
		n, err := m.insert(ctx, tx, table, rows)
		if err != nil {
			return err
		}
		total += n
		m.log("%s: %d rows", table, total)
		if n < sourcePage {
			break
		}
	}
	return tx.Commit()
}

func (m *Migrator) insert(ctx context.Context, tx *sql.Tx, table string, rows *sql.Rows) (int, error) {
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return 0, err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	marks := "?"
	for range cols[1:] {
		marks += ", ?"
	}
	n := 0
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO "+table+" VALUES ("+marks+")", vals...); err != nil { // expect: rowbyrow
			return n, err
		}
		n++
	}
	return n, rows.Err()
}
