// Package helper is a migrator whose Appender loops live in helpers.
// A helper that every caller runs inside BEGIN ... COMMIT commits
// nothing at its automatic flushes.
package helper

import (
	"context"
	"database/sql"
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

type order struct {
	ID       int64
	Customer string
	Total    float64
}

// appendOrders is called only inside transactions.
func appendOrders(app *duckdb.Appender, orders []order) error {
	for _, o := range orders {
		if err := app.AppendRow(o.ID, o.Customer, o.Total); err != nil {
			return err
		}
	}
	return nil
}

func importOrders(ctx context.Context, conn *sql.Conn, orders []order) error {
	if _, err := conn.ExecContext(ctx, "BEGIN TRANSACTION"); err != nil {
		return err
	}
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "orders")
		if err != nil {
			return err
		}
		if err := appendOrders(app, orders); err != nil {
			return err
		}
		return app.Close()
	})
	if err != nil {
		conn.ExecContext(ctx, "ROLLBACK")
		return err
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}

func reimport(ctx context.Context, conn *sql.Conn, dc driver.Conn, orders []order) error {
	conn.ExecContext(ctx, "BEGIN")
	app, _ := duckdb.NewAppenderFromConn(dc, "", "orders")
	appendOrders(app, orders)
	app.Close()
	_, err := conn.ExecContext(ctx, "COMMIT")
	return err
}

// appendRefunds has one caller that opens no transaction.
func appendRefunds(app *duckdb.Appender, ids []int64) error {
	for _, id := range ids {
		if err := app.AppendRow(id); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction`
			return err
		}
	}
	return nil
}

func importRefunds(ctx context.Context, conn *sql.Conn, dc driver.Conn, ids []int64) error {
	conn.ExecContext(ctx, "BEGIN")
	app, _ := duckdb.NewAppenderFromConn(dc, "", "refunds")
	appendRefunds(app, ids)
	app.Close()
	_, err := conn.ExecContext(ctx, "COMMIT")
	return err
}

func backfillRefunds(dc driver.Conn, ids []int64) error {
	app, _ := duckdb.NewAppenderFromConn(dc, "", "refunds")
	appendRefunds(app, ids)
	return app.Close()
}

// appendAudit is handed out as a callback: who calls it is not known.
func appendAudit(app *duckdb.Appender, ids []int64) error {
	for _, id := range ids {
		app.AppendRow(id) // want `^DuckDB Appender fed in a loop outside a transaction`
	}
	return nil
}

func auditor() func(*duckdb.Appender, []int64) error { return appendAudit }

// AppendAll is exported and not called here: its callers are not known.
func AppendAll(app *duckdb.Appender, ids []int64) error {
	for _, id := range ids {
		app.AppendRow(id) // want `^DuckDB Appender fed in a loop outside a transaction`
	}
	return nil
}

// Helpers of helpers: the transaction is two calls up.
func appendLines(app *duckdb.Appender, lines [][]driver.Value) {
	for _, l := range lines {
		app.AppendRow(l...)
	}
}

func appendInvoice(app *duckdb.Appender, lines [][]driver.Value) { appendLines(app, lines) }

func importInvoices(ctx context.Context, conn *sql.Conn, dc driver.Conn, invoices [][][]driver.Value) error {
	if _, err := conn.ExecContext(ctx, "START TRANSACTION"); err != nil {
		return err
	}
	app, _ := duckdb.NewAppenderFromConn(dc, "", "invoice_lines")
	for _, inv := range invoices {
		appendInvoice(app, inv)
	}
	app.Close()
	_, err := conn.ExecContext(ctx, "COMMIT")
	return err
}
