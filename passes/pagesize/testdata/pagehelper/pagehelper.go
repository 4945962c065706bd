// Package pagehelper pages through tables with a helper that reads one
// page, called in a loop by the code that walks.
package pagehelper

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Event is one row of the events table.
type Event struct {
	ID   int64
	Kind string
}

const exportPage = 250_000 // want `^page size exportPage = 250000 splits`

// fetchPage reads one page of events.
func fetchPage(ctx context.Context, db *sql.DB, off, n int) ([]Event, error) {
	rows, err := db.QueryContext(ctx, "SELECT id, kind FROM events LIMIT ? OFFSET ?", n, off)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		if err := rows.Scan(&e.ID, &e.Kind); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// ExportEvents walks the table through fetchPage.
func ExportEvents(ctx context.Context, db *sql.DB, emit func(Event)) error {
	for off := 0; ; off += exportPage {
		page, err := fetchPage(ctx, db, off, exportPage)
		if err != nil {
			return err
		}
		for _, e := range page {
			emit(e)
		}
		if len(page) < exportPage {
			return nil
		}
	}
}

// Preview reads the first rows once: a page helper called outside a loop
// is no walk, and its 100 rows are no page size of a walk.
func Preview(ctx context.Context, db *sql.DB) ([]Event, error) {
	return fetchPage(ctx, db, 0, 100)
}

// Request is a page asked for by a client.
type Request struct {
	Offset, Limit int
}

// ServeAll serves pages clients asked for: each offset is the request's,
// not a position the loop moves on.
func ServeAll(ctx context.Context, db *sql.DB, reqs []Request) error {
	for _, r := range reqs {
		if _, err := fetchPage(ctx, db, r.Offset, r.Limit); err != nil {
			return err
		}
	}
	return nil
}

// Retry reads the first page again until it works: the offset is a
// constant.
func Retry(ctx context.Context, db *sql.DB) error {
	var err error
	for range 3 {
		if _, err = fetchPage(ctx, db, 0, 50_000); err == nil {
			return nil
		}
	}
	return err
}

// Repo is the events repository of an analytics back end.
type Repo struct {
	db       *sql.DB
	pageSize int
}

// NewRepo opens the repository with its page size.
func NewRepo(db *sql.DB) *Repo {
	return &Repo{db: db, pageSize: 300_000} // want `^page size pageSize = 300000 splits`
}

// Page reads one page of one customer's events.
func (r *Repo) Page(ctx context.Context, customer int64, offset int) (*sql.Rows, error) {
	return r.db.QueryContext(ctx, "SELECT * FROM events WHERE customer = ? LIMIT ? OFFSET ?", customer, r.pageSize, offset)
}

// Each walks one customer's events through the repository's Page.
func (r *Repo) Each(ctx context.Context, customer int64, fn func(*sql.Rows) error) error {
	for page := 0; ; page++ {
		rows, err := r.Page(ctx, customer, page*r.pageSize)
		if err != nil {
			return err
		}
		more := rows.Next()
		if err := fn(rows); err != nil || !more {
			rows.Close()
			return err
		}
		rows.Close()
	}
}

// readRange reads one rowid range of the orders table.
func readRange(ctx context.Context, db *sql.DB, lo, hi int64) (int, error) {
	rows, err := db.QueryContext(ctx, "SELECT * FROM orders WHERE rowid >= ? AND rowid < ?", lo, hi)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	return n, rows.Err()
}

// copyChunk is the second level: it reads a chunk through readRange.
func copyChunk(ctx context.Context, db *sql.DB, start, size int64) error {
	_, err := readRange(ctx, db, start, start+size)
	return err
}

// CopyOrders walks the orders two calls away from the query.
func CopyOrders(ctx context.Context, db *sql.DB, total int64) error {
	const chunk = 100_000 // want `^page size chunk = 100000 is smaller than`
	for start := int64(0); start < total; start += chunk {
		if err := copyChunk(ctx, db, start, chunk); err != nil {
			return err
		}
	}
	return nil
}

// CountAligned walks with an aligned range size: no page size finding.
func CountAligned(ctx context.Context, db *sql.DB, total int64) (int, error) {
	sum := 0
	for lo := int64(0); lo < total; lo += 245_760 {
		n, err := readRange(ctx, db, lo, lo+245_760)
		if err != nil {
			return sum, err
		}
		sum += n
	}
	return sum, nil
}

// One reads the range a caller asked for: called once, no walk.
func One(ctx context.Context, db *sql.DB, lo int64) (int, error) {
	return readRange(ctx, db, lo, lo+10_000)
}

const reportPage = 150_000 // want `^page size reportPage = 150000 splits`

// reportRows reads page number n of the report: the offset is computed
// from the page number inside the helper.
func reportRows(db *sql.DB, n int) (*sql.Rows, error) {
	return db.Query("SELECT * FROM report LIMIT ? OFFSET ?", reportPage, n*reportPage)
}

// auditRows reads page n of the audit log through a local offset.
func auditRows(db *sql.DB, n int) (*sql.Rows, error) {
	off := n * 50_000
	return db.Query("SELECT * FROM audit LIMIT 50000 OFFSET ?", off) // want `^page size 50000 is smaller than`
}

// Report walks both by page number.
func Report(db *sql.DB) {
	for n := 0; ; n++ {
		rows, err := reportRows(db, n)
		if err != nil || !rows.Next() {
			return
		}
		rows.Close()
		if a, err := auditRows(db, n); err == nil {
			a.Close()
		}
	}
}

// Page serves page n to a client: no walk.
func Page(db *sql.DB, n int) (*sql.Rows, error) {
	return reportRows(db, n)
}

// auditPage is the contract of the audit feed.
const auditPage = 250_000

// AuditEvents walks the table through fetchPage with the feed's page
// size, which the directive on the walking call keeps.
func AuditEvents(ctx context.Context, db *sql.DB, emit func(Event)) error {
	for off := 0; ; off += auditPage {
		//rowalign:ignore the audit feed's contract fixes 250,000 rows per page
		page, err := fetchPage(ctx, db, off, auditPage)
		if err != nil {
			return err
		}
		for _, e := range page {
			emit(e)
		}
		if len(page) < auditPage {
			return nil
		}
	}
}
