// Package duckutil runs a caller's Appender load inside one transaction on
// a connection of its own.
package duckutil

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"

	"github.com/duckdb/duckdb-go/v2"
)

// WithAppenderTx opens an Appender on table, runs load with it between
// BEGIN and COMMIT, and closes it before the commit.
func WithAppenderTx(ctx context.Context, db *sql.DB, table string, load func(app *duckdb.Appender) error) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN TRANSACTION"); err != nil {
		return err
	}
	err = conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", table)
		if err != nil {
			return err
		}
		if err := load(app); err != nil {
			app.Close()
			return err
		}
		return app.Close()
	})
	if err != nil {
		conn.ExecContext(ctx, "ROLLBACK")
		return fmt.Errorf("load %s: %w", table, err)
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}

// WithAppender opens an Appender on table and runs load with it, in
// autocommit.
func WithAppender(ctx context.Context, db *sql.DB, table string, load func(app *duckdb.Appender) error) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", table)
		if err != nil {
			return err
		}
		if err := load(app); err != nil {
			app.Close()
			return err
		}
		return app.Close()
	})
}
