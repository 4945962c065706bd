// Package loaderhelper is felixge/sqlprof's loader (db/db.go): Append
// makes one Appender per table the first time the table is written, in
// a map of the loader, on a driver connection that never ran BEGIN, and
// appends one row per call; the loops that load a whole trace or profile
// call it. The fix is the loader's (BEGIN on l.conn before its first
// Appender, COMMIT after closing them), so the finding stands at its
// AppendRow, naming the loops, and not at each of them (issue 32).
package loaderhelper

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"

	"github.com/duckdb/duckdb-go/v2"
)

type DB struct {
	db   *sql.DB
	duck *duckdb.Connector
}

type loader struct {
	conn        driver.Conn
	appenders   map[string]*duckdb.Appender
	labelSetIdx uint64
}

func (db *DB) loader(ctx context.Context) (*loader, error) {
	l := &loader{appenders: map[string]*duckdb.Appender{}}
	conn, err := db.duck.Connect(ctx)
	if err != nil {
		return nil, err
	}
	l.conn = conn
	return l, nil
}

func (l *loader) Append(table string, args ...driver.Value) (err error) {
	appender, ok := l.appenders[table]
	if !ok {
		if appender, err = duckdb.NewAppenderFromConn(l.conn, "", table); err != nil {
			return
		}
		l.appenders[table] = appender
	}
	return appender.AppendRow(args...) // want `^DuckDB Appender fed in a loop outside a transaction \(made by loader\.Append, 3 loops\): past 204800 rows each auto-flush commits a partial 122880-row group; BEGIN before it is made, COMMIT after Close$`
}

func (l *loader) Close() error {
	var err error
	for _, a := range l.appenders {
		err = errors.Join(err, a.Close())
	}
	return errors.Join(err, l.conn.Close())
}

type event struct {
	kind  int
	time  uint64
	stack uint64
}

type reader interface {
	ReadEvent() (event, error)
}

type label struct {
	Key, StrVal string
	NumVal      int64
}

type sample struct {
	Value  []int64
	Labels []label
}

type profile struct {
	SampleType []string
	Sample     []sample
}

// LoadTrace loads every event of a runtime trace.
func (db *DB) LoadTrace(ctx context.Context, r reader) (err error) {
	l, err := db.loader(ctx)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, l.Close()) }()
	for {
		ev, err := r.ReadEvent()
		if err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		if err := l.Append("stack_samples", "samples/count", ev.stack, 1, ev.time); err != nil {
			return err
		}
	}
}

// LoadProfile loads every sample of a pprof profile.
func (db *DB) LoadProfile(ctx context.Context, prof *profile) (err error) {
	l, err := db.loader(ctx)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, l.Close()) }()
	for _, s := range prof.Sample {
		id, err := l.LabelSet(s.Labels)
		if err != nil {
			return err
		}
		for i, st := range prof.SampleType {
			if err := l.Append("stack_samples", st, nil, s.Value[i], nil, id); err != nil {
				return err
			}
		}
	}
	return nil
}

// LabelSet appends one row per label of a sample.
func (l *loader) LabelSet(ls []label) (uint64, error) {
	l.labelSetIdx++
	for _, lb := range ls {
		if err := l.Append("label_sets", l.labelSetIdx, lb.Key, lb.StrVal, lb.NumVal); err != nil {
			return 0, err
		}
	}
	return l.labelSetIdx, nil
}

// writer holds one Appender its constructor makes: the loop that feeds
// it is reported where it is, as before.
type writer struct {
	app *duckdb.Appender
}

func newWriter(conn driver.Conn) (*writer, error) {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return nil, err
	}
	return &writer{app: app}, nil
}

func (w *writer) write(vals ...driver.Value) error { return w.app.AppendRow(vals...) }

func copyEvents(conn driver.Conn, r reader) error {
	w, err := newWriter(conn)
	if err != nil {
		return err
	}
	for {
		ev, err := r.ReadEvent()
		if err != nil {
			return err
		}
		if err := w.write(ev.kind, ev.time); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction \(via writer\.write, one row per call\)`
			return err
		}
	}
}

// settings makes its Appender lazily too, but its one caller's loop
// writes three rows: nothing to report, at the helper or the loop.
type settings struct {
	conn driver.Conn
	app  *duckdb.Appender
}

func (s *settings) put(k, v string) error {
	if s.app == nil {
		app, err := duckdb.NewAppenderFromConn(s.conn, "", "settings")
		if err != nil {
			return err
		}
		s.app = app
	}
	return s.app.AppendRow(k, v)
}

func saveDefaults(s *settings) error {
	for _, k := range []string{"a", "b", "c"} {
		if err := s.put(k, "on"); err != nil {
			return err
		}
	}
	return nil
}
