package sqltext

import "testing"

func TestGrouped(t *testing.T) {
	for sql, want := range map[string]bool{
		"SELECT path, count(*) FROM views GROUP BY path":                         true,
		"select distinct visitor from views":                                     true,
		"WITH d AS (SELECT * FROM v) SELECT k, sum(n) FROM d GROUP BY ALL":       true,
		"SELECT * FROM views":                                                    false,
		"SELECT * FROM views WHERE k IN (SELECT k FROM t GROUP BY k)":            false,
		"SELECT count(DISTINCT visitor) FROM views":                              false,
		"SELECT * FROM (SELECT k, count(*) AS n FROM t GROUP BY k) WHERE n > 1 ": false,
	} {
		if got := Grouped(lit(sql)); got != want {
			t.Errorf("Grouped(%q) = %v, want %v", sql, got, want)
		}
	}
}

func TestSeries(t *testing.T) {
	for sql, want := range map[string]bool{
		"INSERT INTO t SELECT i FROM range(?, ?) r(i)":                  true,
		"INSERT INTO t SELECT * FROM generate_series($1, $2)":           true,
		"INSERT INTO t SELECT i FROM range(10) r(i)":                    false,
		"SELECT * FROM t WHERE n BETWEEN ? AND ?":                       false,
		"INSERT INTO t SELECT i FROM s, range(?, ?) r(i) WHERE s.k = 1": true,
	} {
		if got := Series(lit(sql)); got != want {
			t.Errorf("Series(%q) = %v, want %v", sql, got, want)
		}
	}
}
