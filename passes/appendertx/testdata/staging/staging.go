// Package staging loads rows into TEMP staging tables with an Appender,
// outside a transaction, then merges them into the real tables. A plain
// INSERT ... SELECT copies the staging table's row groups as they are,
// partial ones included; a sorted or upserting copy rewrites them, and a
// staging table only joined against leaves nothing behind when dropped.
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
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "staging_events")
		if err != nil {
			return err
		}
		for _, e := range events {
			if err := app.AppendRow(e.ID, e.Kind); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction: past 204800 rows each auto-flush commits a partial 122880-row group, copied as is from TEMP staging_events; BEGIN first, COMMIT after Close$`
				return err
			}
		}
		return app.Close()
	})
	if err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "INSERT INTO events SELECT * FROM staging_events"); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "DROP TABLE staging_events")
	return err
}

func upsertAccounts(ctx context.Context, conn *sql.Conn, ids []int64) error {
	if _, err := conn.ExecContext(ctx, "CREATE TEMPORARY TABLE staging_accounts (id BIGINT)"); err != nil {
		return err
	}
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "staging_accounts")
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := app.AppendRow(id); err != nil {
				return err
			}
		}
		return app.Close()
	})
	if err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "INSERT INTO accounts SELECT id FROM staging_accounts ON CONFLICT DO NOTHING"); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "DROP TABLE staging_accounts")
	return err
}

func markSeen(ctx context.Context, conn *sql.Conn, ids []int64) error {
	if _, err := conn.ExecContext(ctx, "CREATE TEMP TABLE seen_ids (id BIGINT)"); err != nil {
		return err
	}
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "seen_ids")
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := app.AppendRow(id); err != nil {
				return err
			}
		}
		return app.Close()
	})
	if err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "UPDATE accounts SET seen = true FROM seen_ids WHERE accounts.id = seen_ids.id"); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "DROP TABLE seen_ids")
	return err
}

// enqueueNew stages URLs and inserts those the queue lacks: through the
// join the rows come out regrouped, and the staging table's partial
// groups die with it.
func enqueueNew(ctx context.Context, conn *sql.Conn, urls []string) error {
	if _, err := conn.ExecContext(ctx, "CREATE TEMP TABLE IF NOT EXISTS _stage (url VARCHAR)"); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, "DROP TABLE IF EXISTS _stage")
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "_stage")
		if err != nil {
			return err
		}
		for _, u := range urls {
			if err := app.AppendRow(u); err != nil {
				app.Close()
				return err
			}
		}
		return app.Close()
	})
	if err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, `INSERT INTO queue (url)
		SELECT s.url FROM _stage s LEFT JOIN queue q ON s.url = q.url
		WHERE q.url IS NULL`)
	return err
}
