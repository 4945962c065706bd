// Package rollup appends one summary row per page of a site: the rows
// of a GROUP BY, one per key, not a bulk load.
package rollup

import (
	"context"
	"database/sql"
	"database/sql/driver"

	"github.com/duckdb/duckdb-go/v2"
)

func DailyPages(ctx context.Context, db *sql.DB, conn driver.Conn, day string) error {
	rows, err := db.QueryContext(ctx, `SELECT path, count(*) AS views, count(DISTINCT visitor) AS visitors
		FROM pageviews WHERE day = ? GROUP BY path`, day)
	if err != nil {
		return err
	}
	defer rows.Close()
	app, err := duckdb.NewAppenderFromConn(conn, "", "daily_pages")
	if err != nil {
		return err
	}
	defer app.Close()
	for rows.Next() {
		var path string
		var views, visitors int64
		if err := rows.Scan(&path, &views, &visitors); err != nil {
			return err
		}
		if err := app.AppendRow(day, path, views, visitors); err != nil {
			return err
		}
	}
	return rows.Err()
}

// CopyViews copies every page view of the day: a bulk load.
func CopyViews(ctx context.Context, db *sql.DB, conn driver.Conn, day string) error {
	rows, err := db.QueryContext(ctx, `SELECT path, visitor, at FROM pageviews WHERE day = ?`, day)
	if err != nil {
		return err
	}
	defer rows.Close()
	app, err := duckdb.NewAppenderFromConn(conn, "", "pageviews_archive")
	if err != nil {
		return err
	}
	defer app.Close()
	for rows.Next() {
		var path, visitor string
		var at int64
		if err := rows.Scan(&path, &visitor, &at); err != nil {
			return err
		}
		if err := app.AppendRow(path, visitor, at); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction`
			return err
		}
	}
	return rows.Err()
}
