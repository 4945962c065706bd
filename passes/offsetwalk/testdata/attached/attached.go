// Package attached writes an attached audit database in the caller's
// transaction. The pager pins the walked table's rowids with a write to
// its database (DELETE ... WHERE false), and DuckDB lets one transaction
// write one attached database: a walk in that transaction gets no fix.
package attached

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/rowalign/rowalign/runtime/pager"
)

const schema = `CREATE TABLE IF NOT EXISTS events (id BIGINT, kind VARCHAR)`

// Open creates the table and attaches the audit database.
func Open(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, schema); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "ATTACH 'audit.duckdb' AS audit")
	return err
}

// Audit records one line in the audit database, in the caller's
// transaction.
func Audit(ctx context.Context, tx *sql.Tx, line string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO audit.log VALUES (?)", line)
	return err
}

// Count counts the events in the caller's transaction.
func Count(ctx context.Context, tx *sql.Tx) (int, error) {
	total := 0
	for off := 0; ; off += 245_760 {
		rows, err := tx.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; use rowalign's pager.Pages$`
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			total++
			n++
		}
		rows.Close()
		if n < 245_760 {
			break
		}
	}
	return total, nil
}

// Copied uses the pager already.
func Copied(ctx context.Context, tx *sql.Tx) (int64, error) {
	return pager.Copy(ctx, tx, "events", "events_copy")
}
