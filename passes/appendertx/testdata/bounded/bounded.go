// Package bounded loads from sources the source code bounds below the
// Appender's automatic 204,800-row flush, outside a transaction: each load
// commits once, at Close, and appendertx says nothing.
package bounded

import (
	"database/sql/driver"
	"maps"
	"slices"
	"sort"

	"github.com/duckdb/duckdb-go/v2"
)

type kindStats struct {
	Count, Bytes int64
}

// One row per key of per-key stats held in memory: not a bulk load.
func saveStats(conn driver.Conn, stats map[string]*kindStats) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "kind_stats")
	if err != nil {
		return err
	}
	for kind, st := range stats {
		if err := app.AppendRow(kind, st.Count, st.Bytes); err != nil {
			return err
		}
	}
	return app.Close()
}

type event struct {
	ID   int64
	Kind string
}

// The main loop appends and flushes every 75,000 rows; the tail loop
// appends what is left, fewer than 75,000.
func loadWithTail(conn driver.Conn, src <-chan event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	var batch []event
	for e := range src {
		batch = append(batch, e)
		if len(batch) == 75_000 {
			for _, b := range batch {
				if err := app.AppendRow(b.ID, b.Kind); err != nil {
					return err
				}
			}
			if err := app.Flush(); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	for _, b := range batch {
		if err := app.AppendRow(b.ID, b.Kind); err != nil {
			return err
		}
	}
	return app.Close()
}

// The batch grows by whole slices: its size is not bounded.
func loadChunks(conn driver.Conn, src <-chan []event) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "events")
	if err != nil {
		return err
	}
	var batch []event
	for chunk := range src {
		batch = append(batch, chunk...)
		if len(batch) >= 75_000 {
			break
		}
	}
	for _, b := range batch {
		app.AppendRow(b.ID, b.Kind) // want `^DuckDB Appender fed in a loop outside a transaction: past`
	}
	return app.Close()
}

// The stats in key order: still one row per key.
func saveStatsSorted(conn driver.Conn, stats map[string]*kindStats) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "kind_stats")
	if err != nil {
		return err
	}
	for _, kind := range slices.Sorted(maps.Keys(stats)) {
		st := stats[kind]
		if err := app.AppendRow(kind, st.Count, st.Bytes); err != nil {
			return err
		}
	}
	return app.Close()
}

// The keys collected and sorted by hand.
func saveStatsByHand(conn driver.Conn, stats map[string]*kindStats) error {
	app, err := duckdb.NewAppenderFromConn(conn, "", "kind_stats")
	if err != nil {
		return err
	}
	kinds := make([]string, 0, len(stats))
	for k := range stats {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, kind := range kinds {
		st := stats[kind]
		if err := app.AppendRow(kind, st.Count, st.Bytes); err != nil {
			return err
		}
	}
	return app.Close()
}
