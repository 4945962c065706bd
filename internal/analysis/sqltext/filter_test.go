package sqltext

import "testing"

func TestSample(t *testing.T) {
	for sql, want := range map[string]string{
		"SELECT * FROM t USING SAMPLE 10 ROWS":                "10",
		"SELECT * FROM t USING SAMPLE ?":                      "?",
		"SELECT * FROM t TABLESAMPLE 50 ROWS":                 "50",
		"SELECT * FROM t USING SAMPLE 10%":                    "",
		"SELECT * FROM t USING SAMPLE 10 PERCENT (bernoulli)": "",
		"SELECT * FROM t USING SAMPLE reservoir(100 ROWS)":    "",
		"SELECT * FROM (SELECT * FROM t USING SAMPLE 5) s":    "",
		"SELECT * FROM t":                                     "",
	} {
		got := ""
		if op := Parse(lit(sql)).Sample; op != nil {
			got = op.Tok.Text
		}
		if got != want {
			t.Errorf("Parse(%q).Sample = %q, want %q", sql, got, want)
		}
	}
}

func TestKeyFilter(t *testing.T) {
	for sql, want := range map[string]bool{
		"SELECT id, role FROM members WHERE team_id = ?":                     true,
		"SELECT * FROM invites WHERE lower(email) = lower(?) AND status = ?": true,
		"SELECT * FROM t WHERE ? = owner":                                    true,
		"SELECT * FROM t WHERE id IN (?, ?, ?)":                              true,
		"SELECT * FROM t WHERE id = ANY($1)":                                 true,
		"SELECT * FROM t WHERE ts >= ? AND ts < ?":                           false,
		"SELECT * FROM t WHERE status = 'pending'":                           false,
		"SELECT * FROM t": false,
		"SELECT * FROM t WHERE id IN (SELECT id FROM u)":                        false,
		"SELECT * FROM t WHERE x > 0 ORDER BY id LIMIT ?":                       false,
		"SELECT * FROM t WHERE id IN (SELECT id FROM u WHERE k = ?) AND ts > ?": false,
		"SELECT a FROM t WHERE a > 1 GROUP BY a HAVING count(*) = ?":            false,
	} {
		if got := Parse(lit(sql)).KeyFilter; got != want {
			t.Errorf("Parse(%q).KeyFilter = %v, want %v", sql, got, want)
		}
	}
}

func TestCatalog(t *testing.T) {
	for sql, want := range map[string]bool{
		"SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'": true,
		"SELECT table_name FROM duckdb_tables()":                                       true,
		"SELECT name, type FROM pragma_table_info('events')":                           true,
		"SELECT name FROM sqlite_master WHERE type = 'table'":                          true,
		"SHOW TABLES":                  true,
		"DESCRIBE events":              true,
		"SELECT * FROM events":         false,
		"SELECT * FROM information_t":  false,
		"SELECT * FROM 'duckdb_x.csv'": false,
	} {
		if got := Parse(lit(sql)).Catalog; got != want {
			t.Errorf("Parse(%q).Catalog = %v, want %v", sql, got, want)
		}
	}
}
