// Package crossfunc holds LIMIT/OFFSET walks whose loop is in another
// function than the query, with aligned page sizes: the strategy costs
// whatever the size.
package crossfunc

import (
	"context"
	"database/sql"
	"iter"
	"sync"

	_ "github.com/duckdb/duckdb-go/v2"
)

const page = 245_760

func readPage(ctx context.Context, db *sql.DB, off int) (*sql.Rows, error) {
	// First reads one page through this helper too: the walk is Scan's
	// loop, and is reported there.
	return db.QueryContext(ctx, "SELECT * FROM events ORDER BY id LIMIT ? OFFSET ?", page, off)
}

// Scan walks the events through readPage.
func Scan(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += page {
		rows, err := readPage(ctx, db, off) // want `^LIMIT/OFFSET page walk with ORDER BY: every page sorts the rest of the table again \(quadratic\); use rowalign's pager.Pages$`
		if err != nil {
			return err
		}
		more := rows.Next()
		rows.Close()
		if !more {
			return nil
		}
	}
}

// Migrate copies page by page, committing each page in the loop that
// calls the helper: the walk writes.
func Migrate(ctx context.Context, src, dst *sql.DB) error {
	load := func(tx *sql.Tx, off int) error {
		rows, err := src.QueryContext(ctx, "SELECT id, v FROM events LIMIT 245760 OFFSET ?", off) // want `^LIMIT/OFFSET page walk without ORDER BY: .*; use rowalign's pager.Copy$`
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var v string
			if err := rows.Scan(&id, &v); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO events VALUES (?, ?)", id, v); err != nil {
				return err
			}
		}
		return rows.Err()
	}
	for off := 0; off < 10*page; off += page {
		tx, err := dst.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if err := load(tx, off); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Parallel reads pages in goroutines given their offsets.
func Parallel(db *sql.DB, pages int) {
	var wg sync.WaitGroup
	for p := range pages {
		wg.Add(1)
		go func(off int) {
			defer wg.Done()
			db.Query("SELECT * FROM events LIMIT ? OFFSET ?", page, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
		}(p * page)
	}
	wg.Wait()
}

// Pool reads pages whose offsets a producer sends to workers.
func Pool(db *sql.DB, total int) {
	offsets := make(chan int)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for off := range offsets {
				db.Query("SELECT * FROM events LIMIT ? OFFSET ?", page, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
			}
		})
	}
	for off := 0; off < total; off += page {
		offsets <- off
	}
	close(offsets)
	wg.Wait()
}

func pageOffsets(total int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for off := 0; off < total; off += page {
			if !yield(off) {
				return
			}
		}
	}
}

// Each reads pages at the offsets an iterator yields.
func Each(db *sql.DB, total int) {
	for off := range pageOffsets(total) {
		db.Query("SELECT * FROM events LIMIT ? OFFSET ?", page, off) // want `^LIMIT/OFFSET page walk without ORDER BY`
	}
}

// First reads one page through the helper: no walk of its own.
func First(ctx context.Context, db *sql.DB) (*sql.Rows, error) {
	return readPage(ctx, db, 0)
}
