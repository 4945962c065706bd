package rewrite

import (
	"context"
	"database/sql"
	"log"
	"os"
	"strconv"
)

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

// EnvPages reads its page size from the environment into a variable that
// only the loop reads: the pager sets its own page size, so the rewrite
// would leave the variable unused and the file would not build. No fix.
func EnvPages(ctx context.Context, db *sql.DB, emit func(int64)) error {
	page := envInt("EXPORT_PAGE", 245_760)
	for off := 0; ; off += page {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", page, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
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
			emit(id)
			n++
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if n < page {
			return nil
		}
	}
}

// EnvCopy copies in the caller's transaction with a page size from the
// environment: the same, no fix.
func EnvCopy(ctx context.Context, tx *sql.Tx) error {
	batch := envInt("COPY_BATCH", 245_760)
	for off := 0; ; off += batch {
		res, err := tx.ExecContext(ctx, "INSERT INTO events_copy SELECT * FROM events LIMIT ? OFFSET ?", batch, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n < int64(batch) {
			break
		}
	}
	return nil
}

// LoggedPages reads the page size into a variable it logs after the walk:
// the variable stays in use, and the walk is rewritten.
func LoggedPages(ctx context.Context, db *sql.DB, emit func(int64)) error {
	page := envInt("EXPORT_PAGE", 245_760)
	for off := 0; ; off += page {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", page, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
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
			emit(id)
			n++
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if n < page {
			break
		}
	}
	log.Printf("exported with pages of %d rows", page)
	return nil
}
