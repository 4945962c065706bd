// Package flushhelpers loads events through Appenders it flushes by way
// of helpers: a function of the project's dbutil package, a method of a
// type that holds the Appender, a closure. A flush every few hundred rows
// restarts the Appender's automatic count, so its 204,800-row flush never
// runs and appendertx has nothing to say; what each flush commits is
// commitsize's business.
package flushhelpers

import (
	"database/sql"
	"database/sql/driver"
	"log"

	"github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/dbutil"
)

type event struct {
	ID   int64
	Kind string
}

func loadThroughDBUtil(conn driver.Conn, events []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	for i, e := range events {
		if err := app.AppendRow(e.ID, e.Kind); err != nil {
			return err
		}
		if (i+1)%500 == 0 {
			if err := dbutil.FlushAppender(app); err != nil {
				return err
			}
		}
	}
	return app.Close()
}

func loadThroughWriter(conn driver.Conn, events []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	w := dbutil.NewWriter(app)
	for i, e := range events {
		if err := w.Write(e.ID, e.Kind); err != nil {
			return err
		}
		if i > 0 && i%100 == 0 {
			if err := w.Sync(); err != nil {
				return err
			}
		}
	}
	return w.Close()
}

// The Writer appends one row per call and nothing flushes it: the
// Appender commits at each of its own flushes.
func loadUnflushed(conn driver.Conn, events []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	w := dbutil.NewWriter(app)
	for _, e := range events {
		if err := w.Write(e.ID, e.Kind); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction \(via dbutil\.Writer\.Write, one row per call\): past 204800 rows`
			return err
		}
	}
	return w.Close()
}

// The Counter flushes every 1,000 rows itself.
func loadCounted(c *dbutil.Counter, ids []int64) error {
	for _, id := range ids {
		if err := c.Add(id); err != nil {
			return err
		}
	}
	return nil
}

func flushLogged(app *duckdb.Appender, rows int) error {
	log.Printf("flushing after %d rows", rows)
	return app.Flush()
}

func loadLocalHelper(conn driver.Conn, events []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	for i, e := range events {
		app.AppendRow(e.ID, e.Kind)
		if (i+1)%500 == 0 {
			if err := flushLogged(app, i+1); err != nil {
				return err
			}
		}
	}
	return app.Close()
}

type loader struct {
	app  *duckdb.Appender
	rows int
}

func (l *loader) flush() error {
	l.rows = 0
	return l.app.Flush()
}

func (l *loader) load(events []event) error {
	for _, e := range events {
		if err := l.app.AppendRow(e.ID, e.Kind); err != nil {
			return err
		}
		l.rows++
		if l.rows >= 100 {
			if err := l.flush(); err != nil {
				return err
			}
		}
	}
	return l.app.Close()
}

func loadClosure(conn driver.Conn, events []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	flush := func() error {
		log.Printf("flush")
		return app.Flush()
	}
	for i, e := range events {
		if err := app.AppendRow(e.ID, e.Kind); err != nil {
			return err
		}
		if (i+1)%60_000 == 0 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return app.Close()
}

// A helper of the package that appends one event per call, called from
// the loading loop with no BEGIN.
type store struct {
	events *duckdb.Appender
}

func (s *store) addEvent(e event) error {
	return s.events.AppendRow(e.ID, e.Kind)
}

func (s *store) importAll(src <-chan event) error {
	for e := range src {
		if err := s.addEvent(e); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction \(via store\.addEvent, one row per call\)`
			return err
		}
	}
	return s.events.Close()
}

// The closure flushes another Appender: this one still flushes by itself.
func loadOtherFlushed(conn driver.Conn, events []event) error {
	evApp, _ := duckdb.NewAppenderFromConn(conn, "", "events")
	auditApp, _ := duckdb.NewAppenderFromConn(conn, "", "audit")
	flushAudit := func() { auditApp.Flush() }
	for i, e := range events {
		evApp.AppendRow(e.ID, e.Kind) // want `^DuckDB Appender fed in a loop outside a transaction: past`
		auditApp.AppendRow(e.ID)
		if (i+1)%500 == 0 {
			flushAudit()
		}
	}
	evApp.Close()
	return auditApp.Close()
}

// A rowid range walk that appends each page into another table and
// flushes after every page: one commit of 100,000 rows a page, below the
// automatic flush.
func copyPages(db *sql.DB, app *duckdb.Appender) error {
	for lo := 0; ; lo += 100_000 {
		rows, err := db.Query("SELECT id, kind FROM events WHERE rowid >= ? AND rowid < ?", lo, lo+100_000)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var e event
			if err := rows.Scan(&e.ID, &e.Kind); err != nil {
				return err
			}
			app.AppendRow(e.ID, e.Kind)
			n++
		}
		rows.Close()
		if err := app.Flush(); err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
	}
}

// The Appender is appended to directly and flushed every 500 rows through
// the dbutil.Writer that wraps it.
func loadWrapped(conn driver.Conn, events []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	w := dbutil.NewWriter(app)
	for i, e := range events {
		if err := app.AppendRow(e.ID, e.Kind); err != nil {
			return err
		}
		if (i+1)%500 == 0 {
			if err := w.Sync(); err != nil {
				return err
			}
		}
	}
	return w.Close()
}
