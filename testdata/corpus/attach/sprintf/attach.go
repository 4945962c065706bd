// Package sprintf attaches the yearly archive database with a bigger row
// group size; the statement is built with Sprintf.
package sprintf

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

func AttachArchive(ctx context.Context, db *sql.DB, year int) error {
	path := fmt.Sprintf("/data/archive/%d.duckdb", year)
	stmt := fmt.Sprintf("ATTACH '%s' AS archive (ROW_GROUP_SIZE %d)", path, 150_000) // expect: attachsize
	_, err := db.ExecContext(ctx, stmt)
	return err
}
