// Package sensors opens its transaction through a small helper of its
// own before it feeds the Appender: the automatic flushes commit nothing.
package sensors

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"

	"github.com/duckdb/duckdb-go/v2"
)

type Reading struct {
	Sensor string
	At     int64
	Value  float64
}

func begin(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, "BEGIN TRANSACTION"); err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	return nil
}

func commit(ctx context.Context, conn *sql.Conn) error {
	_, err := conn.ExecContext(ctx, "COMMIT")
	return err
}

func Store(ctx context.Context, conn *sql.Conn, readings []Reading) error {
	if err := begin(ctx, conn); err != nil {
		return err
	}
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "readings")
		if err != nil {
			return err
		}
		for _, r := range readings {
			if err := app.AppendRow(r.Sensor, r.At, r.Value); err != nil {
				return err
			}
		}
		return app.Close()
	})
	if err != nil {
		return err
	}
	return commit(ctx, conn)
}

// StoreLate commits what it loaded, but opened no transaction first.
func StoreLate(ctx context.Context, conn *sql.Conn, readings []Reading) error {
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "readings")
		if err != nil {
			return err
		}
		for _, r := range readings {
			if err := app.AppendRow(r.Sensor, r.At, r.Value); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction`
				return err
			}
		}
		return app.Close()
	})
	if err != nil {
		return err
	}
	return commit(ctx, conn)
}
