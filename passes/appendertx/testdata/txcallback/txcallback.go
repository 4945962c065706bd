// Package clicks loads click events through a helper that wraps the
// load in BEGIN ... COMMIT: the Appender's automatic flushes commit
// nothing. The same helper without the transaction is a load in
// autocommit.
package clicks

import (
	"context"
	"database/sql"
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"

	"example.com/fixtures/duckutil"
)

type Click struct {
	At   int64
	Page string
}

func Load(ctx context.Context, db *sql.DB, clicks []Click) error {
	return duckutil.WithAppenderTx(ctx, db, "clicks", func(app *duckdb.Appender) error {
		for _, c := range clicks {
			if err := app.AppendRow(c.At, c.Page); err != nil {
				return err
			}
		}
		return nil
	})
}

func LoadAutocommit(ctx context.Context, db *sql.DB, clicks []Click) error {
	return duckutil.WithAppender(ctx, db, "clicks", func(app *duckdb.Appender) error {
		for _, c := range clicks {
			if err := app.AppendRow(c.At, c.Page); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction`
				return err
			}
		}
		return nil
	})
}

// inTx is this package's own wrapper: BEGIN, the load, COMMIT.
func inTx(ctx context.Context, conn *sql.Conn, table string, load func(*duckdb.Appender) error) error {
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	err := conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", table)
		if err != nil {
			return err
		}
		defer app.Close()
		return load(app)
	})
	if err != nil {
		conn.ExecContext(ctx, "ROLLBACK")
		return err
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}

func Reload(ctx context.Context, conn *sql.Conn, clicks []Click) error {
	return inTx(ctx, conn, "clicks", func(app *duckdb.Appender) error {
		for _, c := range clicks {
			if err := app.AppendRow(c.At, c.Page); err != nil {
				return err
			}
		}
		return nil
	})
}
