package rewrite

import (
	"context"
	"database/sql"
	"log"
	"time"
)

// Progress logs the offset it reached: the offset is used in the body,
// so no fix.
func Progress(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		log.Printf("read up to row %d", off+n)
		if n < pageSize {
			return nil
		}
	}
}

// Joined reads two tables at once: the pager walks one table, so no fix.
func Joined(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT e.id, u.name FROM events e JOIN users u ON u.id = e.user_id LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return nil
}

// Ordered returns the ids in id order: the pager walks in rowid order,
// so no fix.
func Ordered(ctx context.Context, db *sql.DB) ([]int64, error) {
	var ids []int64
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events ORDER BY id LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk with ORDER BY`
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			ids = append(ids, id)
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return ids, nil
}

// Retrying goes on to the next offset after an error, which the pager
// cannot do: no fix.
func Retrying(ctx context.Context, db *sql.DB) {
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			continue
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
}

// Labelled jumps out of two loops by label: no fix.
func Labelled(ctx context.Context, db *sql.DB, stop int64) error {
pages:
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			rows.Scan(&id)
			if id == stop {
				rows.Close()
				break pages
			}
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return nil
}

// Bounded stops after ten pages: not a whole-table walk, so no fix.
func Bounded(ctx context.Context, db *sql.DB) error {
	for off := 0; off < 10*pageSize; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		rows.Close()
	}
	return nil
}

// logged wraps a *sql.DB with no BeginTx of its own: the pager could
// not read its pages in one snapshot, so no fix.
type logged struct{ db *sql.DB }

func (l logged) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	log.Println(q)
	return l.db.QueryContext(ctx, q, args...)
}

func Wrapped(ctx context.Context, l logged) error {
	for off := 0; ; off += pageSize {
		rows, err := l.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return nil
}

// Sampled returns the last page's first id, declared in the loop: it
// cannot return after the new loop, so no fix.
func Sampled(ctx context.Context, db *sql.DB) (int64, error) {
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return 0, err
		}
		var first int64
		n := 0
		for rows.Next() {
			if n == 0 {
				rows.Scan(&first)
			}
			n++
		}
		rows.Close()
		if n < pageSize {
			return first, nil
		}
	}
}

// Early returns from the walk, then does more: the loop does not end the
// function, so no fix.
func Early(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", pageSize, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n < pageSize {
			return nil
		}
		if n > 2*pageSize {
			break
		}
	}
	log.Println("the table grew")
	return nil
}

// Recent filters by the time of each query: the old loop took a new
// cutoff per page, the pager would take one, so no fix.
func Recent(ctx context.Context, db *sql.DB) (int, error) {
	count := 0
	for off := 0; ; off += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events WHERE created > ? LIMIT ? OFFSET ?", time.Now().Add(-time.Hour), pageSize, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			count++
			n++
		}
		rows.Close()
		if n < pageSize {
			break
		}
	}
	return count, nil
}
