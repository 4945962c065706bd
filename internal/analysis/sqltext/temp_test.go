package sqltext

import "testing"

func TestTempTable(t *testing.T) {
	for sql, want := range map[string]string{
		"CREATE TEMP TABLE staging (id BIGINT)":                              "STAGING",
		"create or replace temporary table if not exists temp.s AS SELECT 1": "S",
		"CREATE TABLE staging (id BIGINT)":                                   "",
		"CREATE TEMP VIEW v AS SELECT 1":                                     "",
		"INSERT INTO staging VALUES (1)":                                     "",
	} {
		if got := TempTable(lit(sql)); got != want {
			t.Errorf("TempTable(%q) = %q, want %q", sql, got, want)
		}
	}
}

func TestCopiesAsIs(t *testing.T) {
	for sql, want := range map[string]bool{
		"INSERT INTO events SELECT * FROM staging":                                                 true,
		"insert into events select id, kind from temp.main.staging where id > 0":                   true,
		"INSERT INTO events SELECT * FROM staging ORDER BY id":                                     false,
		"INSERT INTO events SELECT * FROM staging ON CONFLICT DO NOTHING":                          false,
		"INSERT OR REPLACE INTO events SELECT * FROM staging":                                      false,
		"INSERT INTO q SELECT s.* FROM staging s LEFT JOIN q ON s.url = q.url WHERE q.url IS NULL": false,
		"INSERT INTO q SELECT s.* FROM q2 JOIN staging s USING (id)":                               false,
		"INSERT INTO events SELECT * FROM other":                                                   false,
		"UPDATE events SET kind = s.kind FROM staging s WHERE events.id = s.id":                    false,
	} {
		if got := CopiesAsIs(lit(sql), "STAGING"); got != want {
			t.Errorf("CopiesAsIs(%q) = %v, want %v", sql, got, want)
		}
	}
}

func TestCreatedDroppedTable(t *testing.T) {
	for _, tc := range []struct{ sql, created, dropped string }{
		{"CREATE TABLE export_stage (id BIGINT)", "EXPORT_STAGE", ""},
		{"CREATE OR REPLACE TEMP TABLE s AS SELECT 1", "S", ""},
		{"CREATE TABLE IF NOT EXISTS main.events (id BIGINT)", "EVENTS", ""},
		{"DROP TABLE export_stage", "", "EXPORT_STAGE"},
		{"DROP TABLE IF EXISTS main.s", "", "S"},
		{"CREATE VIEW v AS SELECT 1", "", ""},
		{"DROP VIEW v", "", ""},
	} {
		if got := CreatedTable(lit(tc.sql)); got != tc.created {
			t.Errorf("CreatedTable(%q) = %q, want %q", tc.sql, got, tc.created)
		}
		if got := DroppedTable(lit(tc.sql)); got != tc.dropped {
			t.Errorf("DroppedTable(%q) = %q, want %q", tc.sql, got, tc.dropped)
		}
	}
}
