package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
)

// copier copies Compact's tables. DuckDB keeps a source's partial row
// groups when one INSERT runs on several threads (its parallel insert
// writes a batch per source group), and writes every group whole on one
// (docs/audit.md, "What keeps row groups whole"). So each INSERT runs on
// one thread (SET threads = 1, a database-wide setting Compact makes
// before the copy), and a table is copied in as many parts at once as
// DuckDB had threads: each part a rowid range holding a whole number of
// row groups' live rows, inserted on its own connection in its own
// transaction, the transactions committed in rowid order. Each
// transaction's rows are whole groups but the last part's last, and a
// commit appends them after the rows committed before, so the copy's
// groups are whole and in the original order, and the copy can use as
// many cores as DuckDB's parallel insert. On a 1,278.8 MB file the whole
// compact cost 67.2-69.1 s of CPU in parts, 59.5-69.5 s on one thread,
// COPY FROM DATABASE + CHECKPOINT 53.7-57.4 s; ORDER BY rowid also kept
// the groups whole but took 103.0 s of CPU and 5.7 GiB for its sort. On
// that loaded machine (load 12-50) the parts gave no wall-time gain
// (DuckDB 1.5.6, 2026-12-01; docs/measurements.md#compact-copy-strategies).
//
// A part costs space too: each transaction writes its rows into blocks of
// its own, so every part but one can leave a partly used block behind.
// A table is split only into parts of at least partBytes of its expected
// size (minPartBytes in Compact); the cores the smaller tables leave are
// used by copying several at once (schedule).
type copier struct {
	db        *sql.DB   // for more connections to the same attached files
	conn      *sql.Conn // Compact's connection
	parts     int       // INSERTs at once at most: DuckDB's threads before the copy
	partBytes int64     // the least expected bytes per part; 0: no least
	clock     *clock    // phases and status; may be nil
	temp      string    // the file the copy writes, for the status
	sched     *schedule // the jobs, and their work by kind; may be nil
}

// minPartBytes is the least a table's part is expected to store (its
// share of the table's bytes after an aligned rewrite), 64 MiB: 256
// blocks of 256 KiB. A second part cost the new file a block or more
// (DuckDB 1.5.6, 2026-12-01: three 300,000-row tables of 0.35 MB, each
// copied in two parts, took 2 blocks each instead of 1, and compact made
// a 1,060,864-byte file 1,847,296 bytes; the 475.5 MB demo file's one
// table, 312.2 MB in one INSERT, 312.5-314.8 MB in two parts, 0.1-0.8 %),
// so a small table is copied whole, while a table under 128 MiB, copied
// on one thread, takes seconds
// (docs/measurements.md#compact-parts-and-small-tables).
const minPartBytes = 64 << 20

// parseThreads reads the threads setting as the number of parts (at
// least 1).
func parseThreads(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// copyTable copies t's rows into to, a table of the same definition, in
// up to parts parts (parts <= 1: one INSERT). Compact copies in one
// INSERT a table with a foreign key, which checks it on every insert
// (a part could reference rows of a part not yet committed), and a table
// with its own rowid column (which shadows DuckDB's row id in SQL).
func (c *copier) copyTable(ctx context.Context, t Table, to Name, parts int) error {
	return c.withConn(ctx, func(conn *sql.Conn) error {
		insert := copyRows(ctx, conn, to.SQL(), t.Name.SQL(), t.Columns, "")
		var bounds []int64
		err := c.sched.timed(WorkCopy, func() error {
			var err error
			if parts > 1 && !t.OwnRowid {
				bounds, err = partBounds(ctx, conn, t.Name.SQL(), parts)
			}
			if err == nil && len(bounds) == 0 {
				_, err = conn.ExecContext(ctx, insert)
			}
			return err
		})
		if err != nil || len(bounds) == 0 {
			return err
		}
		return c.copyParts(ctx, insert, bounds)
	})
}

// copyParts runs insert once per rowid range that bounds delimit, each on
// its own connection in its own transaction, all at once, and commits the
// transactions in rowid order.
func (c *copier) copyParts(ctx context.Context, insert string, bounds []int64) error {
	conns := make([]*sql.Conn, len(bounds)+1)
	for i := range conns {
		conn, err := c.db.Conn(ctx)
		if err != nil {
			return err
		}
		// Closing a connection rolls back its transaction if it did not
		// commit.
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, `BEGIN TRANSACTION`); err != nil {
			return err
		}
		conns[i] = conn
	}
	errs := make([]error, len(conns))
	done := make(chan int)
	for i, conn := range conns {
		where := ` WHERE rowid >= ` + fmt.Sprint(lowBound(bounds, i))
		if i < len(bounds) {
			where += ` AND rowid < ` + fmt.Sprint(bounds[i])
		}
		go func() {
			errs[i] = c.sched.timed(WorkCopy, func() error {
				_, err := conn.ExecContext(ctx, insert+where)
				return err
			})
			done <- i
		}()
	}
	for range conns {
		<-done
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	for _, conn := range conns {
		if _, err := conn.ExecContext(ctx, `COMMIT`); err != nil {
			return err
		}
	}
	return nil
}

// withConn runs f on a connection of its own.
func (c *copier) withConn(ctx context.Context, f func(*sql.Conn) error) error {
	conn, err := c.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return f(conn)
}

// partsFor is how many parts t is copied in: as many as the copier runs
// at once, fewer where a part would store less than partBytes.
func (c *copier) partsFor(t Table) int {
	if c.partBytes <= 0 {
		return c.parts
	}
	return max(1, min(c.parts, int(expectedBytes(t)/c.partBytes)))
}

// expectedBytes is what t stores after an aligned rewrite: the audit's
// estimate, or its stored bytes where there is none (a healthy table's
// are the same; a table whose storage was not read has 0).
func expectedBytes(t Table) int64 {
	if t.Estimate.Bytes > 0 {
		return t.Estimate.Bytes
	}
	return t.StoredBytes
}

func lowBound(bounds []int64, i int) int64 {
	if i == 0 {
		return 0
	}
	return bounds[i-1]
}

// partBounds splits table's live rows into up to parts rowid ranges of a
// whole number of DuckDB's default row groups each (the new file's group
// size), the last range taking the rest, and returns the rowids that
// start the second and later ranges; none for a table of fewer than
// parts groups' rows. Deleted rows leave gaps in the rowids, so the live
// rows are counted per vector of 2,048 rowids (one scan of the row ids
// alone), and the start of a range is looked up within its vector.
func partBounds(ctx context.Context, conn *sql.Conn, table string, parts int) ([]int64, error) {
	const vector = 2048 // DuckDB's vector size (docs/measurements.md#row-group-size)
	rows, err := conn.QueryContext(ctx, `SELECT rowid // `+fmt.Sprint(vector)+`, count(*) FROM `+table+` GROUP BY ALL ORDER BY 1`)
	if err != nil {
		return nil, err
	}
	type vec struct{ id, before, n int64 }
	var vecs []vec
	var total int64
	for rows.Next() {
		var v vec
		if err := rows.Scan(&v.id, &v.n); err != nil {
			rows.Close()
			return nil, err
		}
		v.before = total
		total += v.n
		vecs = append(vecs, v)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	per := total / int64(parts) / DefaultRowGroupRows * DefaultRowGroupRows
	if per == 0 {
		return nil, nil
	}
	var bounds []int64
	i := 0
	for k := per; k < total && len(bounds) < parts-1; k += per {
		for vecs[i].before+vecs[i].n <= k {
			i++
		}
		v := vecs[i]
		var b int64
		if err := conn.QueryRowContext(ctx, fmt.Sprintf(`SELECT rowid FROM %s WHERE rowid >= %d AND rowid < %d ORDER BY rowid LIMIT 1 OFFSET %d`,
			table, v.id*vector, (v.id+1)*vector, k-v.before)).Scan(&b); err != nil {
			return nil, err
		}
		bounds = append(bounds, b)
	}
	return bounds, nil
}
