// Package tracestore writes spans, their events and their links through
// one Appender per table, kept in a map, and flushes them all every few
// hundred spans through a helper of the tables package that takes the
// map: each flush restarts the Appenders' automatic count, so their
// 204,800-row flush never runs.
package tracestore

import (
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/tables"
)

const flushEvery = 500

var names = []string{"spans", "events", "links"}

type Span struct {
	TraceID, SpanID string
	Name            string
	Events          []Event
	Links           []string
}

type Event struct {
	Name string
	At   int64
}

func Ingest(conn driver.Conn, spans []Span) (err error) {
	apps, err := tables.Open(conn, names)
	if err != nil {
		return err
	}
	defer tables.CloseAll(apps)
	count := 0
	for _, s := range spans {
		if err := apps["spans"].AppendRow(s.TraceID, s.SpanID, s.Name); err != nil {
			return err
		}
		for _, ev := range s.Events {
			if err := apps["events"].AppendRow(s.SpanID, ev.Name, ev.At); err != nil {
				return err
			}
		}
		if err := writeLinks(apps, s); err != nil {
			return err
		}
		count++
		if count%flushEvery == 0 {
			if err := tables.FlushAll(apps, names); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeLinks appends a span's links; Ingest flushes them with the rest.
func writeLinks(apps map[string]*duckdb.Appender, s Span) error {
	for _, l := range s.Links {
		if err := apps["links"].AppendRow(s.SpanID, l); err != nil {
			return err
		}
	}
	return nil
}

// writeTags appends a span's tags. Replay flushes only every 300,000
// spans: past the automatic flush.
func writeTags(apps map[string]*duckdb.Appender, s Span) error {
	for _, t := range s.Links {
		if err := apps["tags"].AppendRow(s.SpanID, t); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction`
			return err
		}
	}
	return nil
}

func Replay(conn driver.Conn, spans []Span) error {
	apps, err := tables.Open(conn, names)
	if err != nil {
		return err
	}
	defer tables.CloseAll(apps)
	for i, s := range spans {
		if err := writeTags(apps, s); err != nil {
			return err
		}
		if (i+1)%300_000 == 0 {
			if err := tables.FlushAll(apps, names); err != nil {
				return err
			}
		}
	}
	return nil
}

func Tag(conn driver.Conn, spans []Span) error {
	apps, err := tables.Open(conn, names)
	if err != nil {
		return err
	}
	defer tables.CloseAll(apps)
	for i, s := range spans {
		if err := writeTags(apps, s); err != nil {
			return err
		}
		if (i+1)%flushEvery == 0 {
			if err := tables.FlushAll(apps, names); err != nil {
				return err
			}
		}
	}
	return nil
}

// Backfill never flushes: past 204,800 rows the Appender commits by
// itself.
func Backfill(conn driver.Conn, spans []Span) error {
	apps, err := tables.Open(conn, names)
	if err != nil {
		return err
	}
	defer tables.CloseAll(apps)
	for _, s := range spans {
		if err := apps["spans"].AppendRow(s.TraceID, s.SpanID, s.Name); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction`
			return err
		}
	}
	return nil
}
