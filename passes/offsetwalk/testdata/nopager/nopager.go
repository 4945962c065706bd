// Package nopager is a service that does not use rowalign's pager yet: its
// module may not require it, so the rewrites, which import the pager, are
// not offered (they would not build), and each finding says how to have
// them.
package nopager

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

const schema = `
CREATE TABLE IF NOT EXISTS events (id BIGINT, kind VARCHAR);
CREATE TABLE IF NOT EXISTS archive (id BIGINT, kind VARCHAR);
`

// Migrate creates the service's tables.
func Migrate(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, schema)
	return err
}

// Kinds returns the kind of every event.
func Kinds(ctx context.Context, db *sql.DB) ([]string, error) {
	var kinds []string
	for off := 0; ; off += 245_760 {
		rows, err := db.QueryContext(ctx, "SELECT kind FROM events LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; import rowalign's runtime/pager and -fix rewrites this into pager.Pages$`
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

// Archive copies the events into the archive in the caller's transaction.
func Archive(ctx context.Context, tx *sql.Tx) error {
	for off := 0; ; off += 245_760 {
		res, err := tx.ExecContext(ctx, "INSERT INTO archive (id, kind) SELECT id, kind FROM events LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; import rowalign's runtime/pager and -fix rewrites this into pager.Copy$`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n < 245_760 {
			break
		}
	}
	return nil
}

// Recent has a walk the rewrite refuses for another reason (the offset
// is logged): its finding points to the pager as every finding does.
func Recent(ctx context.Context, db *sql.DB, logf func(string, ...any)) error {
	for off := 0; ; off += 245_760 {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", 245_760, off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; use rowalign's pager.Pages$`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		logf("read up to %d", off+n)
		if n < 245_760 {
			return nil
		}
	}
}
