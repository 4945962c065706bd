// Package parquetcopy writes nightly Parquet extracts for the data lake.
package parquetcopy

import (
	"context"
	"database/sql"

	_ "github.com/duckdb/duckdb-go/v2"
)

func Extract(ctx context.Context, db *sql.DB, day string) error {
	_, err := db.ExecContext(ctx, "COPY (SELECT * FROM events WHERE day = ?) TO 'lake/events.parquet' (FORMAT parquet, ROW_GROUP_SIZE 1000)", day) // expect: attachsize
	return err
}
