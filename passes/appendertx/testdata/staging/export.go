package staging

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"

	"github.com/duckdb/duckdb-go/v2"
)

// exportParquet stages rows in a table of the database file, not a TEMP
// one, writes them out as Parquet and drops the table: the row groups
// the Appender leaves never serve a read (the Parquet writer cuts its
// own), so the flushes cost nothing worth a finding (issue 32).
func exportParquet(ctx context.Context, conn *sql.Conn, events []event, path string) error {
	if _, err := conn.ExecContext(ctx, "CREATE TABLE export_stage (id BIGINT, kind VARCHAR)"); err != nil {
		return err
	}
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "export_stage")
		if err != nil {
			return err
		}
		for _, e := range events {
			if err := app.AppendRow(e.ID, e.Kind); err != nil {
				return err
			}
		}
		return app.Close()
	})
	if err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("COPY export_stage TO '%s' (FORMAT PARQUET)", path)); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "DROP TABLE export_stage")
	return err
}

// mergeStage stages rows the same way, then copies them as they are into
// the events table: the partial groups move into a table that stays.
func mergeStage(ctx context.Context, conn *sql.Conn, events []event) error {
	if _, err := conn.ExecContext(ctx, "CREATE TABLE merge_stage (id BIGINT, kind VARCHAR)"); err != nil {
		return err
	}
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "merge_stage")
		if err != nil {
			return err
		}
		for _, e := range events {
			if err := app.AppendRow(e.ID, e.Kind); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction: past 204800 rows each auto-flush commits a partial 122880-row group, copied as is from staging table merge_stage; BEGIN first, COMMIT after Close$`
				return err
			}
		}
		return app.Close()
	})
	if err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "INSERT INTO events SELECT * FROM merge_stage"); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "DROP TABLE merge_stage")
	return err
}

// loadEvents appends into a table it neither creates nor drops: reported.
func loadEvents(ctx context.Context, conn *sql.Conn, events []event) error {
	return conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "events")
		if err != nil {
			return err
		}
		for _, e := range events {
			if err := app.AppendRow(e.ID, e.Kind); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction: past 204800 rows each auto-flush commits a partial 122880-row group; BEGIN first, COMMIT after Close$`
				return err
			}
		}
		return app.Close()
	})
}
