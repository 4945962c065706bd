// Package staging loads TEMP staging tables with an Appender inside
// BEGIN ... COMMIT, from a module that links DuckDB 2.0.0, where the
// transaction no longer makes the staging table's groups whole: a plain
// INSERT ... SELECT * hands its partial groups on to the file's table; a
// sorted copy rewrites them (docs/measurements.md#temp-staging-tables).
package staging

import (
	"context"
	"database/sql"
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"
)

type event struct {
	ID   int64
	Kind string
}

func importEvents(ctx context.Context, conn *sql.Conn, events []event) error {
	if _, err := conn.ExecContext(ctx, "CREATE TEMP TABLE staging_events (id BIGINT, kind VARCHAR)"); err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "staging_events")
		if err != nil {
			return err
		}
		for _, e := range events {
			if err := app.AppendRow(e.ID, e.Kind); err != nil { // want `^DuckDB Appender fed in a loop: on DuckDB 2\.0 each auto-flush past 204800 rows leaves a partial 122880-row group, in a transaction too, copied as is from TEMP staging_events; call Flush every 122880 rows, or use rowalign's loader$`
				return err
			}
		}
		return app.Close()
	})
	if err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "INSERT INTO events SELECT * FROM staging_events"); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "DROP TABLE staging_events")
	return err
}

// importSorted copies the staging table sorted: the copy rewrites the
// groups whatever the load left, on 2.0.0 as on 1.5.6. Not reported.
func importSorted(ctx context.Context, conn *sql.Conn, events []event) error {
	if _, err := conn.ExecContext(ctx, "CREATE TEMP TABLE staging_sorted (id BIGINT, kind VARCHAR)"); err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "staging_sorted")
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
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "INSERT INTO events SELECT * FROM staging_sorted ORDER BY id"); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "DROP TABLE staging_sorted")
	return err
}
