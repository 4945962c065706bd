package rowbyrow

import (
	"testing"

	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

func TestOneRow(t *testing.T) {
	for _, c := range []struct {
		sql  string
		want write
	}{
		{"INSERT INTO t VALUES (?, ?, ?)", insertRow},
		{"insert into t (a, b) values ($1, $2) on conflict (a) do update set b = excluded.b", insertRow},
		{"INSERT OR REPLACE INTO t VALUES (?, lower(?))", insertRow},
		{"INSERT INTO t VALUES (?, ?) RETURNING id", insertRow},
		{"INSERT INTO t VALUES (?, ?), (?, ?)", notRow},
		{"INSERT INTO t SELECT * FROM s WHERE rowid < ?", notRow},
		{"INSERT INTO t DEFAULT VALUES", notRow},
		{"INSERT INTO t BY NAME SELECT 1 AS a", notRow},
		{"UPDATE t SET seen = true WHERE id = ?", updateRow},
		{"UPDATE t SET n = n + 1 WHERE ? = id AND kind = 'a'", updateRow},
		{"UPDATE t SET seen = true", notRow},
		{"UPDATE t SET seen = true WHERE id IN (?, ?)", notRow},
		{"UPDATE t SET v = s.v FROM s WHERE t.id = s.id AND s.batch = ?", notRow},
		{"UPDATE t SET seen = true WHERE id = (SELECT max(id) FROM t)", notRow},
		{"DELETE FROM t WHERE id = ?", deleteRow},
		{"DELETE FROM t USING s WHERE t.id = s.id AND s.k = ?", notRow},
		{"DELETE FROM t WHERE id = ANY(?)", notRow},
		{"DELETE FROM t", notRow},
		{"SELECT * FROM t WHERE id = ?", notRow},
		{"CREATE TABLE t (id BIGINT)", notRow},
		{"", notRow},
	} {
		if got := oneRow(sqltext.Text{{Lit: c.sql}}); got != c.want {
			t.Errorf("oneRow(%q) = %v, want %v", c.sql, got, c.want)
		}
	}
}
