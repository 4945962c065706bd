// Package helperbegin imports orders and refunds; the append loop is a
// helper, and both callers run it inside BEGIN ... COMMIT.
// expect: none
package helperbegin

import (
	"context"
	"database/sql"
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"
)

func appendAll(dc driver.Conn, table string, rows [][]driver.Value) error {
	app, err := duckdb.NewAppenderFromConn(dc, "", table)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := app.AppendRow(r...); err != nil {
			app.Close()
			return err
		}
	}
	return app.Close()
}

func load(ctx context.Context, db *sql.DB, table string, rows [][]driver.Value) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN TRANSACTION"); err != nil {
		return err
	}
	err = conn.Raw(func(dc any) error { return appendAll(dc.(driver.Conn), table, rows) })
	if err != nil {
		conn.ExecContext(ctx, "ROLLBACK")
		return err
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}

func ImportOrders(ctx context.Context, db *sql.DB, rows [][]driver.Value) error {
	return load(ctx, db, "orders", rows)
}

func ImportRefunds(ctx context.Context, db *sql.DB, rows [][]driver.Value) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	if err := conn.Raw(func(dc any) error { return appendAll(dc.(driver.Conn), "refunds", rows) }); err != nil {
		conn.ExecContext(ctx, "ROLLBACK")
		return err
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}
