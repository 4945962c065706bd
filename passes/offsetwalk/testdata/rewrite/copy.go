package rewrite

import (
	"context"
	"database/sql"
	"fmt"
)

const copyPage = 245_760

// Archive copies the events of one kind into the archive, page by page,
// in the caller's transaction.
func Archive(ctx context.Context, tx *sql.Tx, kind string) error {
	for off := 0; ; off += copyPage {
		res, err := tx.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events WHERE kind = ? LIMIT ? OFFSET ?", kind, copyPage, off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; use rowalign's pager.Copy$`
		if err != nil {
			return fmt.Errorf("archive: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n < copyPage {
			break
		}
	}
	return nil
}

// Snapshot copies named columns, in the caller's transaction.
func Snapshot(ctx context.Context, tx *sql.Tx) error {
	for off := 0; ; off += copyPage {
		res, err := tx.ExecContext(ctx, "INSERT INTO events_copy (id, kind) SELECT id, kind FROM events LIMIT ? OFFSET ?", copyPage, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			break
		}
	}
	return nil
}

// Backfill commits every page by itself: after a failure the pages before
// it stay written, where pager.Copy would keep none, so no fix.
func Backfill(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += copyPage {
		res, err := db.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events LIMIT ? OFFSET ?", copyPage, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n < copyPage {
			break
		}
	}
	return nil
}

// Renamed copies into columns of other names: pager.Copy maps by name, so
// no fix.
func Renamed(ctx context.Context, tx *sql.Tx) error {
	for off := 0; ; off += copyPage {
		res, err := tx.ExecContext(ctx, "INSERT INTO totals (event_id, event_kind) SELECT id, kind FROM events LIMIT ? OFFSET ?", copyPage, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n < copyPage {
			break
		}
	}
	return nil
}

// Reported prints progress once a page: the body does more than copy, so
// no fix.
func Reported(ctx context.Context, tx *sql.Tx) error {
	for off := 0; ; off += copyPage {
		res, err := tx.ExecContext(ctx, "INSERT INTO archive SELECT * FROM events LIMIT ? OFFSET ?", copyPage, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		fmt.Println("copied", n)
		if n < copyPage {
			break
		}
	}
	return nil
}
