// Package shards exports the new voice memos as Parquet shards of
// shardMaxRows memos each, as jborkowski/voice-memories-curator's
// internal/detect does: each page of the walk is COPY'd to a file of its
// own. The page size is the number of rows a shard file holds, which the
// program chose for its files (they are uploaded one by one); 122,880-row
// shards would be other files, not the same files read faster. Not a
// page size to align (the walk's LIMIT/OFFSET strategy is offsetwalk's).
package shards

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"

	_ "github.com/marcboeker/go-duckdb"
)

type Config struct {
	ShardMaxRows int
}

func DefaultConfig() Config {
	return Config{ShardMaxRows: 10}
}

func Detect(db *sql.DB, cfg Config, shardDir string) error {
	shardMaxRows := cfg.ShardMaxRows
	if shardMaxRows <= 0 {
		shardMaxRows = 10
	}
	var totalNew int64
	if err := db.QueryRow(`SELECT COUNT(*) FROM apple_snapshot`).Scan(&totalNew); err != nil {
		return err
	}
	shard := 0
	for offset := int64(0); offset < totalNew; offset += int64(shardMaxRows) {
		shard++
		path := filepath.Join(shardDir, fmt.Sprintf("shard_%04d.parquet", shard))
		copyQuery := fmt.Sprintf(`
			COPY (
				SELECT recording_id, title, created_at, transcription
				FROM apple_snapshot
				ORDER BY recording_id
				LIMIT %d OFFSET %d
			) TO '%s' (FORMAT PARQUET)
		`, shardMaxRows, offset, strings.ReplaceAll(path, "'", "''"))
		var rowsWritten int64
		if err := db.QueryRow(copyQuery).Scan(&rowsWritten); err != nil {
			return fmt.Errorf("failed to write shard %d: %w", shard, err)
		}
		if rowsWritten == 0 {
			break
		}
	}
	return nil
}

// partRows is over a row group: each part reads partial row groups as any
// page does, and the nearest multiple of 122,880 changes each file by
// under half a group. Reported.
const partRows = 250_000 // want `^page size partRows = 250000 splits DuckDB's 122880-row row groups`

// ExportParts writes the table to Parquet part files, one page each.
func ExportParts(db *sql.DB, dir string, total int) error {
	for part, off := 0, 0; off < total; part, off = part+1, off+partRows {
		q := fmt.Sprintf("COPY (SELECT * FROM events LIMIT %d OFFSET %d) TO '%s/part-%04d.parquet' (FORMAT parquet)", partRows, off, dir, part)
		if _, err := db.Exec(q); err != nil {
			return err
		}
	}
	return nil
}
