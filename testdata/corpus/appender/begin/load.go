// Package begin loads a day of ad impressions with the Appender inside one
// transaction, as DuckDB's docs advise.
// expect: none
package begin

import (
	"context"
	"database/sql"
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"
)

type Impression struct {
	AdID   int64
	UserID int64
	Cost   float64
}

func Load(ctx context.Context, db *sql.DB, imps []Impression) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	err = conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", "impressions")
		if err != nil {
			return err
		}
		for _, im := range imps {
			if err := app.AppendRow(im.AdID, im.UserID, im.Cost); err != nil {
				app.Close()
				return err
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
