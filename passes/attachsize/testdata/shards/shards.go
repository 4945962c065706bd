// Package shards rewrites the Parquet shards of a voice-memo export,
// as jborkowski/voice-memories-curator's internal/process does: it
// imports no driver, and its caller passes the DuckDB handle in
// (process.Run(duck.DB(), cfg)). COPY ... (FORMAT PARQUET,
// ROW_GROUP_SIZE 1) runs on DuckDB alone. (The repository closes the
// literal on a line of its own; here the line of the option holds the
// expectation.)
package shards

import (
	"database/sql"
	"fmt"
	"os"
	"strings"
)

func Rewrite(db *sql.DB, shardPath string) error {
	tempShardPath := shardPath + ".tmp"
	copyQuery := fmt.Sprintf(`
		COPY (
			SELECT
				s.recording_id, s.audio_path, s.title, s.created_at
			FROM '%s' s
		) TO '%s' (FORMAT PARQUET, ROW_GROUP_SIZE 1)`, strings.ReplaceAll(shardPath, "'", "''"), strings.ReplaceAll(tempShardPath, "'", "''")) // want `COPY ... \(FORMAT parquet, ROW_GROUP_SIZE 1\): below DuckDB's vector size 2048`

	if _, err := db.Exec(copyQuery); err != nil {
		os.Remove(tempShardPath)
		return fmt.Errorf("failed to rewrite shard: %w", err)
	}
	return os.Rename(tempShardPath, shardPath)
}
