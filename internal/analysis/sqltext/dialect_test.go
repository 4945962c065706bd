package sqltext

import "testing"

func TestDuckDBOnly(t *testing.T) {
	for _, tc := range []struct{ sql, want string }{
		{"SELECT * FROM t WHERE rowid >= ? AND rowid < ?", "rowid"},
		{"SELECT * FROM read_parquet('x/*.parquet') LIMIT ? OFFSET ?", "read_parquet(...)"},
		{"INSERT INTO t SELECT * FROM Read_CSV_Auto($1)", "read_csv_auto(...)"},
		{"SELECT * FROM 'events.csv' LIMIT 10", "FROM 'events.csv'"},
		{"SELECT * FROM events USING SAMPLE 10%", "USING SAMPLE"},
		// Not DuckDB's alone, or not syntax at all.
		{"SELECT * FROM t ORDER BY id LIMIT $1 OFFSET $2", ""},
		{`SELECT "rowid" FROM t`, ""},
		{"SELECT 'rowid' FROM t WHERE note = 'read_parquet(x)'", ""},
		{"SELECT * FROM t -- rowid\n", ""},
		{"SELECT read_parquet FROM t", ""},
		// jborkowski/voice-memories-curator, internal/process/process.go.
		{"COPY (SELECT s.id FROM 'shard.parquet' s) TO 'tmp.parquet' (FORMAT PARQUET, ROW_GROUP_SIZE 1)", "COPY ... (ROW_GROUP_SIZE)"},
		{"COPY t TO 'out.parquet' (FORMAT 'parquet')", "COPY ... (FORMAT PARQUET)"},
		{"ATTACH 'w.duckdb' AS w (READ_ONLY)", "ATTACH ... (READ_ONLY)"},
		// PostgreSQL's COPY and SQLite's ATTACH.
		{"COPY t TO STDOUT (FORMAT csv, HEADER true)", ""},
		{"ATTACH DATABASE 'other.db' AS other", ""},
	} {
		if got := DuckDBOnly(lit(tc.sql)); got != tc.want {
			t.Errorf("DuckDBOnly(%q) = %q, want %q", tc.sql, got, tc.want)
		}
	}
}

// TestDuckDBOnlyAnyEngine: without a driver to rule SQLite out, rowid and
// a quoted table name are SQLite's too; file paths are not.
func TestDuckDBOnlyAnyEngine(t *testing.T) {
	for _, tc := range []struct{ sql, want string }{
		{"SELECT * FROM t WHERE rowid >= ? AND rowid < ?", ""},
		{"SELECT * FROM 'events' LIMIT 10", ""},
		{"SELECT * FROM 'events.csv' LIMIT 10", "FROM 'events.csv'"},
		{"SELECT * FROM read_parquet(?)", "read_parquet(...)"},
		{"COPY (SELECT * FROM t) TO 'x.parquet' (FORMAT PARQUET, ROW_GROUP_SIZE 1)", "COPY ... (ROW_GROUP_SIZE)"},
	} {
		if got := DuckDBOnlyAnyEngine(lit(tc.sql)); got != tc.want {
			t.Errorf("DuckDBOnlyAnyEngine(%q) = %q, want %q", tc.sql, got, tc.want)
		}
	}
}
