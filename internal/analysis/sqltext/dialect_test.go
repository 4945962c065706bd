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
	} {
		if got := DuckDBOnly(lit(tc.sql)); got != tc.want {
			t.Errorf("DuckDBOnly(%q) = %q, want %q", tc.sql, got, tc.want)
		}
	}
}
