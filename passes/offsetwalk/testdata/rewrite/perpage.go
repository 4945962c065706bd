package rewrite

import (
	"context"
	"database/sql"
	"fmt"
	"io"
)

// ExportBatches writes every event id, batch at a time, and returns how
// many batches it wrote: a batch is a page, and the pager's pages are
// others, so no fix.
func ExportBatches(ctx context.Context, db *sql.DB, w io.Writer, batch int) (int, error) {
	batches := 0
	for off := 0; ; off += batch {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", batch, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return 0, err
			}
			fmt.Fprintln(w, id)
			n++
		}
		rows.Close()
		batches++
		if n < batch {
			break
		}
	}
	return batches, nil
}

// Sample keeps every 1,000th event of each page, counted by the page's
// row counter: the pager's pages are others, so no fix.
func Sample(ctx context.Context, db *sql.DB, batch int) ([]int64, error) {
	var sample []int64
	for off := 0; ; off += batch {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", batch, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
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
			if n%1000 == 0 {
				sample = append(sample, id)
			}
			n++
		}
		rows.Close()
		if n < batch {
			break
		}
	}
	return sample, nil
}

// CountBefore counts the events read before the one with id stop. Its
// break cuts the page short, which ended the old walk, where the pager's
// would read on: no fix.
func CountBefore(ctx context.Context, db *sql.DB, stop int64, batch int) (int, error) {
	count := 0
	for off := 0; ; off += batch {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", batch, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return 0, err
			}
			if id == stop {
				break
			}
			count++
			n++
		}
		rows.Close()
		if n < batch {
			break
		}
	}
	return count, nil
}

// CountKindK1 counts the events of kind k1, and counts the page's rows
// after skipping the others: the old walk ended at its first page, whose
// count came up short, and the pager's would not. No fix.
func CountKindK1(ctx context.Context, db *sql.DB, batch int) (int, error) {
	total := 0
	for off := 0; ; off += batch {
		rows, err := db.QueryContext(ctx, "SELECT kind FROM events LIMIT ? OFFSET ?", batch, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		if err != nil {
			return 0, err
		}
		n := 0
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				rows.Close()
				return 0, err
			}
			if k != "k1" {
				continue
			}
			total++
			n++
		}
		rows.Close()
		if n < batch {
			break
		}
	}
	return total, nil
}

// Drain handles every queued job and deletes it once handled. The old walk's
// later pages start after rows its deletes moved up; the pager reads one
// snapshot on a connection of its own. No fix.
func Drain(ctx context.Context, db *sql.DB, handle func(int64), batch int) error {
	for off := 0; ; off += batch {
		rows, err := db.QueryContext(ctx, "SELECT id FROM jobs LIMIT ? OFFSET ?", batch, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
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
			handle(id)
			if _, err := db.ExecContext(ctx, "DELETE FROM jobs WHERE id = ?", id); err != nil {
				rows.Close()
				return err
			}
			n++
		}
		rows.Close()
		if n < batch {
			break
		}
	}
	return nil
}

// idPage is how many ids IDs reads at a time.
const idPage = 122_880

// IDs returns every event id: rewritten, and idPage, which only the old
// loop read, goes with it.
func IDs(ctx context.Context, db *sql.DB) ([]int64, error) {
	var ids []int64
	for off := 0; ; off += idPage {
		rows, err := db.QueryContext(ctx, "SELECT id FROM events LIMIT ? OFFSET ?", idPage, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
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
		if n < idPage {
			break
		}
	}
	return ids, nil
}
