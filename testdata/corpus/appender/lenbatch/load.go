// Package lenbatch buffers rows in a slice and hands each full batch of
// 75,000 to the Appender, flushing after each.
package lenbatch

import (
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"
)

type Loader struct {
	app   *duckdb.Appender
	batch [][]driver.Value
}

func NewLoader(conn driver.Conn) (*Loader, error) {
	app, err := duckdb.NewAppenderFromConn(conn, "", "ledger")
	if err != nil {
		return nil, err
	}
	return &Loader{app: app}, nil
}

func (l *Loader) LoadAll(src <-chan []driver.Value) error {
	for row := range src {
		l.batch = append(l.batch, row)
		if len(l.batch) == 75_000 { // expect: commitsize
			if err := l.flush(); err != nil {
				return err
			}
		}
	}
	if err := l.flush(); err != nil {
		return err
	}
	return l.app.Close()
}

func (l *Loader) flush() error {
	for _, r := range l.batch {
		if err := l.app.AppendRow(r...); err != nil {
			return err
		}
	}
	l.batch = l.batch[:0]
	return l.app.Flush()
}
