// Package tables opens one DuckDB Appender per table of a store, and
// flushes and closes them together, parents before the tables whose
// foreign keys point at them.
package tables

import (
	"database/sql/driver"
	"errors"
	"fmt"

	"github.com/duckdb/duckdb-go/v2"
)

// Open returns an Appender per table, keyed by name.
func Open(conn driver.Conn, names []string) (map[string]*duckdb.Appender, error) {
	apps := make(map[string]*duckdb.Appender, len(names))
	for _, name := range names {
		a, err := duckdb.NewAppenderFromConn(conn, "", name)
		if err != nil {
			return nil, fmt.Errorf("appender for %s: %w", name, err)
		}
		apps[name] = a
	}
	return apps, nil
}

// FlushAll flushes the Appenders in reverse order of names.
func FlushAll(apps map[string]*duckdb.Appender, names []string) error {
	for i := len(names) - 1; i >= 0; i-- {
		if a := apps[names[i]]; a != nil {
			if err := a.Flush(); err != nil {
				return fmt.Errorf("flush %s: %w", names[i], err)
			}
		}
	}
	return nil
}

// CloseAll closes every Appender.
func CloseAll(apps map[string]*duckdb.Appender) error {
	var errs []error
	for _, a := range apps {
		errs = append(errs, a.Close())
	}
	return errors.Join(errs...)
}
