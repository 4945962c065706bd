// Package lakeconfig attaches the lake database with the options of its
// config struct.
package lakeconfig

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/duckdb/duckdb-go/v2"
)

// Config says where the lake lives and how its tables are stored.
type Config struct {
	Path         string
	RowGroupSize int
	// Threads is read from the environment.
	Threads int
}

// DefaultConfig is what the service runs with unless told otherwise.
func DefaultConfig() Config {
	return Config{
		Path:         "/var/lib/lake/lake.db",
		RowGroupSize: 100_000,
	}
}

// Attach attaches the lake.
func Attach(ctx context.Context, db *sql.DB, cfg Config) error {
	_, err := db.ExecContext(ctx, fmt.Sprintf("ATTACH '%s' AS lake (ROW_GROUP_SIZE %d)", cfg.Path, cfg.RowGroupSize)) // want `^ATTACH \.\.\. \(ROW_GROUP_SIZE cfg\.RowGroupSize = 100000\): DuckDB rejects a size that is not a multiple of its vector size 2048; use 100352$`
	return err
}

// archive holds the settings of the archive database, set in two places:
// no one value to report.
type archive struct {
	path     string
	rowGroup int
}

// AttachArchive attaches the archive with the size the caller picks.
func AttachArchive(ctx context.Context, db *sql.DB, big bool) error {
	a := archive{path: "archive.db", rowGroup: 65_536}
	if big {
		a.rowGroup = 100_000
	}
	_, err := db.ExecContext(ctx, fmt.Sprintf("ATTACH '%s' AS archive (ROW_GROUP_SIZE %d)", a.path, a.rowGroup))
	return err
}
