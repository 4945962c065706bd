package sqltext

import "testing"

func TestRowWrite(t *testing.T) {
	for _, c := range []struct {
		sql  string
		want RowKind
	}{
		{"INSERT INTO t VALUES (?, ?, ?)", InsertRow},
		{"insert into t (a, b) values ($1, $2) on conflict (a) do update set b = excluded.b", InsertRow},
		{"INSERT OR REPLACE INTO t VALUES (?, lower(?))", InsertRow},
		{"INSERT INTO t VALUES (?, ?) RETURNING id", InsertRow},
		{"INSERT INTO t VALUES (?, ?), (?, ?)", NoRow},
		{"INSERT INTO t SELECT * FROM s WHERE rowid < ?", NoRow},
		{"INSERT INTO t DEFAULT VALUES", NoRow},
		{"INSERT INTO t BY NAME SELECT 1 AS a", NoRow},
		{"UPDATE t SET seen = true WHERE id = ?", UpdateRow},
		{"UPDATE t SET n = n + 1 WHERE ? = id AND kind = 'a'", UpdateRow},
		{"UPDATE t SET seen = true WHERE id = ? RETURNING id IN (1)", UpdateRow},
		{"UPDATE t SET seen = true", NoRow},
		{"UPDATE t SET seen = true WHERE id IN (?, ?)", NoRow},
		{"UPDATE t SET v = s.v FROM s WHERE t.id = s.id AND s.batch = ?", NoRow},
		{"UPDATE t SET seen = true WHERE id = (SELECT max(id) FROM t)", NoRow},
		{"DELETE FROM t WHERE id = ?", DeleteRow},
		{"DELETE FROM t USING s WHERE t.id = s.id AND s.k = ?", NoRow},
		{"DELETE FROM t WHERE id = ANY(?)", NoRow},
		{"DELETE FROM t", NoRow},
		{"DELETE FROM dirty WHERE site_id = ? AND bucket >= ? AND bucket < ?", NoRow},
		{"DELETE FROM t WHERE id = ? AND ts BETWEEN ? AND ?", NoRow},
		{"UPDATE t SET n = 0 WHERE owner = ? AND name LIKE ?", NoRow},
		{"SELECT * FROM t WHERE id = ?", NoRow},
		{"CREATE TABLE t (id BIGINT)", NoRow},
		{"", NoRow},
	} {
		if got := Parse(lit(c.sql)).Row.Kind; got != c.want {
			t.Errorf("Parse(%q).Row.Kind = %v, want %v", c.sql, got, c.want)
		}
	}
}

// TestRowWriteValues checks where a row's values begin: a hole before
// VALUES, SET or WHERE names a table, one after it is a value.
func TestRowWriteValues(t *testing.T) {
	for _, c := range []struct {
		text Text
		want int
	}{
		{Text{{Lit: "INSERT INTO "}, {Expr: holeExpr}, {Lit: " VALUES (?, ?)"}}, 2},
		{Text{{Lit: "UPDATE t SET a = '"}, {Expr: holeExpr}, {Lit: "' WHERE id = ?"}}, 0},
		{Text{{Lit: "DELETE FROM "}, {Expr: holeExpr}, {Lit: " WHERE id = "}, {Expr: holeExpr}}, 2},
		{Text{{Lit: "SELECT 1"}}, 1},
	} {
		if got := Parse(c.text).Row.Values; got != c.want {
			t.Errorf("Parse(%s).Row.Values = %d, want %d", c.text, got, c.want)
		}
	}
}
