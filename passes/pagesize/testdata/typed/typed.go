// Package typed is an exporter that writes its page sizes with types and
// in styles of their own: a fix must keep both, or the fixed code stops
// compiling (issue 10: int64(100_000) became 122880, an int, and
// lo += step no longer built).
package typed

import (
	"context"
	"database/sql"
	"fmt"
	"io"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Rows counts rows; the exporter's sizes are Rows so they do not mix with
// byte counts.
type Rows int64

const (
	// untyped, used below as an int64 and as an int
	eventsPage = 250_000 // want `page size eventsPage = 250000`
	// typed by its declaration
	auditPage int64 = 300_000 // want `page size auditPage = 300000`
	// typed by a conversion of its own
	metricsPage = Rows(200_000) // want `page size metricsPage = 200000`
	// a power of two, as systems programmers write buffer sizes
	logsPage = 1 << 17 // want `page size logsPage = 131072`
	// a float-style constant: 1e6 rows
	sessionsPage = 1e6 // want `page size sessionsPage = 1000000`
	// octal, copied from an old C header
	legacyPage  = 0o750000 // want `page size legacyPage = 249856`
	ancientPage = 0364100  // want `page size ancientPage = 124992`
)

// exportEvents walks rowid ranges with an int64 step: the fix must keep
// step an int64.
func exportEvents(ctx context.Context, db *sql.DB, w io.Writer) error {
	var maxID int64
	if err := db.QueryRowContext(ctx, "SELECT max(rowid) FROM events").Scan(&maxID); err != nil {
		return err
	}
	step := int64(100_000) // want `page size step = 100000`
	for lo := int64(0); lo <= maxID; lo += step {
		rows, err := db.QueryContext(ctx, "SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+step)
		if err != nil {
			return err
		}
		if err := copyRows(rows, w); err != nil {
			return err
		}
	}
	return nil
}

// exportEventsConst uses the untyped constant as an int64.
func exportEventsConst(ctx context.Context, db *sql.DB, w io.Writer) error {
	var lo int64
	for {
		rows, err := db.QueryContext(ctx, "SELECT * FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+eventsPage)
		if err != nil {
			return err
		}
		if err := copyRows(rows, w); err != nil {
			return err
		}
		lo += eventsPage
	}
}

func exportAudit(db *sql.DB, w io.Writer) error {
	for lo := int64(0); ; lo += auditPage {
		rows, err := db.Query("SELECT * FROM audit WHERE rowid BETWEEN ? AND ?", lo, lo+auditPage-1)
		if err != nil {
			return err
		}
		if err := copyRows(rows, w); err != nil {
			return err
		}
	}
}

func exportMetrics(db *sql.DB, w io.Writer) error {
	var done Rows
	for lo := Rows(0); ; lo += metricsPage {
		rows, err := db.Query("SELECT * FROM metrics WHERE rowid >= ? AND rowid < ?", lo, lo+metricsPage)
		if err != nil {
			return err
		}
		if err := copyRows(rows, w); err != nil {
			return err
		}
		done += metricsPage
	}
}

func exportLogs(db *sql.DB, w io.Writer) error {
	for lo := 0; ; lo += logsPage {
		rows, err := db.Query("SELECT * FROM logs WHERE rowid >= ? AND rowid < ?", lo, lo+logsPage)
		if err != nil {
			return err
		}
		if err := copyRows(rows, w); err != nil {
			return err
		}
	}
}

// exportSessions keeps 80% of a page as its progress budget: with
// sessionsPage an untyped float constant, budget is a float64, and
// budget *= 0.8 compiles; an integer literal there would not.
func exportSessions(db *sql.DB, w io.Writer) error {
	budget := sessionsPage
	budget *= 0.8
	for lo := 0; ; lo += sessionsPage {
		rows, err := db.Query("SELECT * FROM sessions WHERE rowid >= ? AND rowid < ?", lo, lo+sessionsPage)
		if err != nil {
			return err
		}
		if err := copyRows(rows, w); err != nil {
			return err
		}
		fmt.Fprintf(w, "-- %.0f rows budgeted\n", budget)
	}
}

func exportLegacy(db *sql.DB, w io.Writer) error {
	for lo := 0; ; lo += legacyPage {
		rows, err := db.Query("SELECT * FROM legacy WHERE rowid >= ? AND rowid < ?", lo, lo+legacyPage)
		if err != nil {
			return err
		}
		if err := copyRows(rows, w); err != nil {
			return err
		}
	}
}

func exportAncient(db *sql.DB, w io.Writer) error {
	for lo := 0; ; lo += ancientPage {
		rows, err := db.Query("SELECT * FROM ancient WHERE rowid >= ? AND rowid < ?", lo, lo+ancientPage)
		if err != nil {
			return err
		}
		if err := copyRows(rows, w); err != nil {
			return err
		}
	}
}

// exportTraces sizes its pages with a typed shift: int64(1) << 18 is an
// int64, and the fix must say so.
func exportTraces(db *sql.DB, w io.Writer) error {
	var total int64
	chunk := int64(1) << 18 // want `page size chunk = 262144`
	for lo := int64(0); ; lo += chunk {
		rows, err := db.Query("SELECT * FROM traces WHERE rowid >= ? AND rowid < ?", lo, lo+chunk)
		if err != nil {
			return err
		}
		if err := copyRows(rows, w); err != nil {
			return err
		}
		total += chunk
	}
}

// exportClicks binds an unsigned LIMIT: uint32(250_000) must stay one.
func exportClicks(db *sql.DB, w io.Writer) error {
	limit := uint32(250_000) // want `page size limit = 250000`
	var offset uint32
	for {
		rows, err := db.Query("SELECT * FROM clicks LIMIT ? OFFSET ?", limit, offset)
		if err != nil {
			return err
		}
		if err := copyRows(rows, w); err != nil {
			return err
		}
		offset += limit
	}
}

// ordersPage is converted where it is used: the fix belongs in its
// declaration, not in a literal that replaces the name at each use.
const ordersPage = 200_000 // want `page size ordersPage = 200000`

func exportOrders(db *sql.DB, w io.Writer) error {
	for lo := int64(0); ; lo += int64(ordersPage) {
		rows, err := db.Query("SELECT * FROM orders WHERE rowid >= ? AND rowid < ?", lo, lo+int64(ordersPage))
		if err != nil {
			return err
		}
		if err := copyRows(rows, w); err != nil {
			return err
		}
	}
}

func copyRows(rows *sql.Rows, w io.Writer) error {
	defer rows.Close()
	for rows.Next() {
		fmt.Fprintln(w, "row")
	}
	return rows.Err()
}
