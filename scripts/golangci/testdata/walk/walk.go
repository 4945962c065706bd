// Package walk is the fixture of scripts/golangci/e2e.sh: DuckDB walks and
// commit loops that golangci-lint with the rowalign plugin reports, fixes
// (walk.go.golden is the result of --fix) or leaves alone: one or more
// findings of every check. The size walks use rowid ranges, the pattern
// rowalign recommends, so that only their sizes are at issue.
package walk

import (
	"context"
	"database/sql"
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"
	_ "github.com/rowalign/rowalign/runtime/pager" // the rewrite below imports it
)

// pagesize, fixed to 245_760.
const pageSize = 250_000

func readAll(ctx context.Context, db *sql.DB) error {
	var maxRow int
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM events").Scan(&maxRow); err != nil {
		return err
	}
	for lo := 0; lo <= maxRow; lo += pageSize {
		rows, err := db.QueryContext(ctx, "SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+pageSize)
		if err != nil {
			return err
		}
		for rows.Next() {
		}
		rows.Close()
	}
	return nil
}

// pagesize with a typed step: --fix keeps it an int64, or lo += step
// would stop compiling.
func readRange(ctx context.Context, db *sql.DB) error {
	var maxID int64
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM logs").Scan(&maxID); err != nil {
		return err
	}
	step := int64(100_000)
	for lo := int64(0); lo <= maxID; lo += step {
		rows, err := db.QueryContext(ctx, "SELECT * FROM logs WHERE rowid >= ? AND rowid < ?", lo, lo+step)
		if err != nil {
			return err
		}
		rows.Close()
	}
	return nil
}

// commitsize: one fix rewrites the stride and the range's width together.
func copyTable(db *sql.DB) {
	var maxRow int
	db.QueryRow("SELECT max(rowid) FROM src").Scan(&maxRow)
	for lo := 0; lo <= maxRow; lo += 300_000 {
		db.Exec("INSERT INTO dst SELECT * FROM src WHERE rowid >= ? AND rowid < ?", lo, lo+300_000)
	}
}

// commitsize, a commit loop above a row group: fixed to 122_880.
func batchCommit(db *sql.DB, src *sql.Rows) {
	tx, _ := db.Begin()
	n := 0
	for src.Next() {
		tx.Exec("INSERT INTO dst VALUES (?)", n)
		n++
		if n%150_000 == 0 {
			tx.Commit()
			tx, _ = db.Begin()
		}
	}
	tx.Commit()
}

// Silenced by golangci-lint's //nolint: neither reported nor fixed.
func exportFiles(db *sql.DB, total int) {
	const filePage = 100_000 //nolint:rowalign // the export API promises 100,000-row files
	for lo := 0; lo < total; lo += filePage {
		db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", lo, lo+filePage)
	}
}

// Silenced by rowalign's own directive, with its reason.
func apiPages(db *sql.DB, total int) {
	//rowalign:ignore the partner API asks for 200,000-row pages
	const apiPage = 200_000
	for lo := 0; lo < total; lo += apiPage {
		db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", lo, lo+apiPage)
	}
}

// directive: a rowalign:ignore without a reason is reported, has no fix,
// and silences nothing.
func noReason(db *sql.DB) {
	var maxRow int
	db.QueryRow("SELECT max(rowid) FROM t").Scan(&maxRow)
	//rowalign:ignore
	const page = 150_000
	for lo := 0; lo <= maxRow; lo += page {
		db.Query("SELECT * FROM t WHERE rowid >= ? AND rowid < ?", lo, lo+page)
	}
}

// offsetwalk, no fix: an aligned page size does not save an ORDER BY walk.
func orderedWalk(db *sql.DB) {
	for off := 0; ; off += 245_760 {
		db.Query("SELECT * FROM t ORDER BY id LIMIT ? OFFSET ?", 245_760, off)
	}
}

// ordersTable creates the table exportOrders walks: the rewrite walks only
// tables the package creates (a view would fail the pager).
const ordersTable = "CREATE TABLE IF NOT EXISTS orders (id BIGINT, customer BIGINT, cents BIGINT)"

// offsetwalk and pagesize on one line, the way most LIMIT/OFFSET walks
// are written: golangci-lint keeps one issue a line by default
// (issues.uniq-by-line), so rowalign reports the two as one finding, and
// --fix rewrites the walk into pager.Pages, with the size as whole row
// groups (the loop ends the function, so its end test's return goes after
// the new loop).
func exportOrders(ctx context.Context, db *sql.DB) error {
	for off := 0; ; off += 100_000 {
		rows, err := db.QueryContext(ctx, "SELECT * FROM orders LIMIT ? OFFSET ?", 100_000, off)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n == 0 {
			return nil
		}
	}
}

// appendertx, no fix.
func load(dc driver.Conn, rows [][]driver.Value) error {
	app, err := duckdb.NewAppenderFromConn(dc, "", "events")
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := app.AppendRow(r...); err != nil {
			return err
		}
	}
	return app.Close()
}

// attachsize, fixed inside the SQL string: the size becomes a multiple of
// DuckDB's vector size.
func attach(db *sql.DB) {
	db.Exec("ATTACH 'big.db' AS big (ROW_GROUP_SIZE 100000)")
}
