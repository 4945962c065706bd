// Package txsql begins its transactions with SQL on a connection of its
// own. The pager begins its own transaction on the walk's connection,
// which DuckDB refuses inside one ("cannot start a transaction within a
// transaction"), where the old loop read inside it: no fix.
package txsql

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
	"github.com/rowalign/rowalign/runtime/pager"
)

const schema = `CREATE TABLE IF NOT EXISTS events (id BIGINT, kind VARCHAR)`

// Migrate creates the table.
func Migrate(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, schema)
	return err
}

// Begin starts the conn's transaction.
func Begin(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, "BEGIN")
	return err
}

// Kinds reads the kinds in the conn's transaction, if Begin started one.
func Kinds(ctx context.Context, conn *sql.Conn) ([]string, error) {
	var kinds []string
	for off := 0; ; off += 245_760 {
		rows, err := conn.QueryContext(ctx, "SELECT kind FROM events LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; use rowalign's pager.Pages$`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				rows.Close()
				return nil, err
			}
			kinds = append(kinds, k)
			n++
		}
		rows.Close()
		if n < 245_760 {
			break
		}
	}
	return kinds, nil
}

// Copied uses the pager already.
func Copied(ctx context.Context, tx *sql.Tx) (int64, error) {
	return pager.Copy(ctx, tx, "events", "events_copy")
}
