// Package readtx exports users page by page, each page read in its own
// transaction so that it sees one snapshot: the walks read and copy
// nothing, so they are pointed to pager.Pages, not pager.Copy.
package readtx

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

type user struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
}

// Export writes every user as a JSON line, 245,760 users per snapshot.
func Export(ctx context.Context, db *sql.DB, out io.Writer) error {
	enc := json.NewEncoder(out)
	var last int64 = -1
	for {
		tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, "SELECT id, email FROM users WHERE id > ? ORDER BY id LIMIT ?", last, 245_760) // want `^keyset page walk \(key > last ORDER BY key LIMIT n\): every page sorts the remaining rows again \(quadratic\); use rowalign's pager.Pages$`
		if err != nil {
			tx.Rollback()
			return err
		}
		n := 0
		for rows.Next() {
			var u user
			if err := rows.Scan(&u.ID, &u.Email); err != nil {
				rows.Close()
				tx.Rollback()
				return err
			}
			last = u.ID
			n++
			if err := enc.Encode(u); err != nil {
				rows.Close()
				tx.Rollback()
				return err
			}
		}
		rows.Close()
		if err := tx.Commit(); err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
	}
}

// Count counts the active users page by page, each page in a plain
// transaction that only reads.
func Count(ctx context.Context, db *sql.DB) (int, error) {
	total := 0
	for off := 0; ; off += 245_760 {
		tx, err := db.Begin()
		if err != nil {
			return 0, err
		}
		var n int
		err = tx.QueryRowContext(ctx, "SELECT count(*) FILTER (WHERE active) FROM (SELECT active FROM users LIMIT 245760 OFFSET ?)", off).Scan(&n) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; use rowalign's pager.Pages$`
		if err != nil {
			tx.Rollback()
			return 0, err
		}
		if err := tx.Commit(); err != nil {
			return 0, err
		}
		if n == 0 {
			return total, nil
		}
		total += n
	}
}

// Archive copies each page into the archive and commits it: a copy.
func Archive(ctx context.Context, db *sql.DB) error {
	var last int64 = -1
	for {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, "INSERT INTO archive SELECT * FROM users WHERE id > ? ORDER BY id LIMIT 245760", last) // want `^keyset page walk .*; use rowalign's pager.Copy$`
		if err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.QueryRowContext(ctx, "SELECT max(id) FROM archive").Scan(&last); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
}
