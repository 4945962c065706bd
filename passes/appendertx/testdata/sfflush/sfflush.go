// Package metrics flushes its Appender every 50,000 rows through a
// singleflight group, so that a concurrent status request's flush and
// the loader's are one: the flush still runs in the loop, under the
// automatic 204,800-row flush.
package metrics

import (
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/singleflight"
)

type Point struct {
	Name  string
	At    int64
	Value float64
}

type Store struct {
	app     *duckdb.Appender
	flushes singleflight.Group
}

func Open(conn driver.Conn) (*Store, error) {
	app, err := duckdb.NewAppenderFromConn(conn, "", "points")
	if err != nil {
		return nil, err
	}
	return &Store{app: app}, nil
}

func (s *Store) Load(points []Point) error {
	for i, p := range points {
		if err := s.app.AppendRow(p.Name, p.At, p.Value); err != nil {
			return err
		}
		if (i+1)%50_000 == 0 {
			if _, err, _ := s.flushes.Do("flush", func() (any, error) {
				return nil, s.app.Flush()
			}); err != nil {
				return err
			}
		}
	}
	return nil
}
