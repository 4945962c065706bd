// Package eventcopy copies events into DuckDB on one connection and ends
// its transaction with COMMIT statements every so many rows, as the
// appendertx page's good example commits: each COMMIT is a commit of
// that many rows.
package eventcopy

import (
	"context"
	"database/sql"
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"
)

const commitEvery = 250_000 // want `^commit size commitEvery = 250000 splits DuckDB's 122880-row row groups`

func CopyEvents(ctx context.Context, conn *sql.Conn, src *sql.Rows) error {
	if _, err := conn.ExecContext(ctx, "BEGIN TRANSACTION"); err != nil {
		return err
	}
	n := 0
	for src.Next() {
		var id int64
		var kind string
		if err := src.Scan(&id, &kind); err != nil {
			return err
		}
		if _, err := conn.ExecContext(ctx, "INSERT INTO events VALUES (?, ?)", id, kind); err != nil {
			return err
		}
		n++
		if n%commitEvery == 0 {
			if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
				return err
			}
			if _, err := conn.ExecContext(ctx, "BEGIN TRANSACTION"); err != nil {
				return err
			}
		}
	}
	_, err := conn.ExecContext(ctx, "COMMIT")
	return err
}

type Event struct {
	ID   int64
	Kind string
}

// AppendEvents flushes and commits every 100,000 rows: the flushes are
// inside the transaction, the COMMIT statements are the commits. Under a
// row group such commits fill the groups whole (300,000 rows came out
// 122,880 + 122,880 + 54,240 before any CHECKPOINT: docs/measurements.md,
// "Commits under a row group"): not reported.
func AppendEvents(ctx context.Context, conn *sql.Conn, events []Event) error {
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "events")
		if err != nil {
			return err
		}
		for i, e := range events {
			if err := app.AppendRow(e.ID, e.Kind); err != nil {
				app.Close()
				return err
			}
			if (i+1)%100_000 == 0 {
				if err := app.Flush(); err != nil {
					return err
				}
				if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
					return err
				}
				if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
					return err
				}
			}
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

const rowsPerCommit = 250_000 // want `^commit size rowsPerCommit = 250000 splits DuckDB's 122880-row row groups`

// CopyEventsPlain ends each batch with COMMIT and BEGIN statements whose
// errors it keeps in err, outside an if: the statements only commit, so
// the size can change without changing what is copied.
func CopyEventsPlain(ctx context.Context, conn *sql.Conn, src *sql.Rows) error {
	_, err := conn.ExecContext(ctx, "BEGIN")
	if err != nil {
		return err
	}
	n := 0
	for src.Next() {
		var id int64
		var kind string
		if err := src.Scan(&id, &kind); err != nil {
			return err
		}
		if _, err := conn.ExecContext(ctx, "INSERT INTO events VALUES (?, ?)", id, kind); err != nil {
			return err
		}
		n++
		if n%rowsPerCommit == 0 {
			_, err = conn.ExecContext(ctx, "COMMIT;")
			if err != nil {
				return err
			}
			_, err = conn.ExecContext(ctx, "START TRANSACTION")
			if err != nil {
				return err
			}
		}
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}
