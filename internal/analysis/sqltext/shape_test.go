package sqltext

import (
	"go/ast"
	"strings"
	"testing"
)

func lit(s string) Text { return Text{{Lit: s}} }

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		sql                           string
		kind                          Kind
		limit, offset, lo, hi, keyset string
		orderBy                       bool
	}{
		{sql: "SELECT * FROM t LIMIT ? OFFSET ?", kind: Read, limit: "?", offset: "?"},
		{sql: "select * from t offset $2 limit $1", kind: Read, limit: "$1", offset: "$2"},
		{sql: "SELECT * FROM t ORDER BY id LIMIT 250_000 OFFSET ?", kind: Read, limit: "250_000", offset: "?", orderBy: true},
		{sql: "INSERT INTO d SELECT * FROM s LIMIT ? OFFSET ?", kind: Insert, limit: "?", offset: "?"},
		{sql: "SELECT * FROM (SELECT * FROM t LIMIT 5) LIMIT ? OFFSET ?", kind: Read, limit: "?", offset: "?"},
		{sql: "SELECT * FROM t WHERE rowid >= ? AND rowid < ?", kind: Read, lo: "?", hi: "?"},
		{sql: "SELECT * FROM t WHERE t.rowid BETWEEN $1 AND $2", kind: Read, lo: "$1", hi: "$2"},
		{sql: "SELECT * FROM t WHERE id > ? ORDER BY id LIMIT ?", kind: Read, limit: "?", keyset: "?", orderBy: true},
		{sql: "SELECT * FROM t WHERE t.id > ? ORDER BY t.id LIMIT ?", kind: Read, limit: "?", keyset: "?", orderBy: true},
		{sql: "SELECT * FROM t WHERE (ts, id) > (?, ?) ORDER BY ts, id LIMIT ?", kind: Read, limit: "?", keyset: "?", orderBy: true},
		{sql: "SELECT * FROM t WHERE (t.ts, t.id) > ($1, $2) ORDER BY t.ts, t.id LIMIT $3", kind: Read, limit: "$3", keyset: "$1", orderBy: true},
		{sql: "SELECT * FROM t WHERE (id, ts) > (?, ?) ORDER BY ts, id LIMIT ?", kind: Read, limit: "?", orderBy: true},
		{sql: "SELECT * FROM t WHERE (ts, id) > (0, 0) ORDER BY ts, id LIMIT ?", kind: Read, limit: "?", orderBy: true},
		{sql: "SELECT * FROM t -- LIMIT ? OFFSET ?\nWHERE x = '?'", kind: Read},
		{sql: "SELECT 'LIMIT 5 OFFSET 6' /* LIMIT ? */", kind: Read},
		{sql: `SELECT "LIMIT" FROM t`, kind: Read},
		{sql: "WITH x AS (SELECT 1) SELECT * FROM x LIMIT ?", kind: Read, limit: "?"},
		{sql: "SELECT * FROM t WHERE k = :kind LIMIT :lim OFFSET :off", kind: Read, limit: ":lim", offset: ":off"},
		{sql: "SELECT x::INT FROM t LIMIT ?::INT OFFSET ?", kind: Read, limit: "?", offset: "?"},
		{sql: "SELECT ':lim' FROM t LIMIT 10 OFFSET :o2", kind: Read, limit: "10", offset: ":o2"},
		{sql: "ATTACH 'f.db' (ROW_GROUP_SIZE 100000)", kind: Attach},
		{sql: "BEGIN", kind: Begin},
		{sql: "begin transaction", kind: Begin},
		{sql: "START TRANSACTION", kind: Begin},
		{sql: "COMMIT", kind: Commit},
		{sql: "end transaction", kind: Commit},
		{sql: "ROLLBACK", kind: Rollback},
		{sql: "abort;", kind: Rollback},
		{sql: "", kind: Other},
	} {
		s := Parse(lit(tc.sql))
		got := func(o *Operand) string {
			if o == nil {
				return ""
			}
			return o.Tok.Text
		}
		if s.Kind != tc.kind || got(s.Limit) != tc.limit || got(s.Offset) != tc.offset ||
			got(s.RowidLo) != tc.lo || got(s.RowidHi) != tc.hi || got(s.Keyset) != tc.keyset || s.OrderBy != tc.orderBy {
			t.Errorf("Parse(%q) = kind %d limit %q offset %q rowid %q..%q keyset %q orderBy %v; want kind %d limit %q offset %q rowid %q..%q keyset %q orderBy %v",
				tc.sql, s.Kind, got(s.Limit), got(s.Offset), got(s.RowidLo), got(s.RowidHi), got(s.Keyset), s.OrderBy,
				tc.kind, tc.limit, tc.offset, tc.lo, tc.hi, tc.keyset, tc.orderBy)
		}
	}
}

// TestShapeAggregate is issue 24: pages of a GROUP BY, DISTINCT or aggregate
// result have no row groups, and were "aligned" (10 and 2 became
// 122,880).
func TestShapeAggregate(t *testing.T) {
	for sql, want := range map[string]bool{
		"SELECT kind, count(*) FROM events GROUP BY kind LIMIT ? OFFSET ?":                           true,
		"SELECT DISTINCT region FROM sales LIMIT 2 OFFSET ?":                                         true,
		"SELECT sum(amount) FROM events LIMIT ? OFFSET ?":                                            true,
		"SELECT kind FROM events GROUP BY ALL HAVING count(*) > 1 ORDER BY kind LIMIT ?":             true,
		"SELECT id, count(*) OVER (PARTITION BY kind) FROM events LIMIT ? OFFSET ?":                  false,
		"SELECT * FROM events LIMIT ? OFFSET ?":                                                      false,
		"SELECT day, count(*) FROM (SELECT day FROM views LIMIT :lim OFFSET :off) GROUP BY day":      false,
		"SELECT max_id, kind FROM events LIMIT ? OFFSET ?":                                           false,
		"SELECT * FROM (SELECT DISTINCT kind FROM events) LIMIT ? OFFSET ?":                          true,
		"SELECT * FROM (SELECT id FROM events WHERE id IN (SELECT max(id) FROM t)) LIMIT ? OFFSET ?": false,
	} {
		if got := Parse(lit(sql)).Aggregate; got != want {
			t.Errorf("Parse(%q).Aggregate = %v, want %v", sql, got, want)
		}
	}
}

// TestShapeCount: a page's count(*) is the number of its rows, which
// add up over the pages to the table's whatever the page size; a count
// of DISTINCT values, of groups, or beside other columns is not.
func TestShapeCount(t *testing.T) {
	for sql, want := range map[string]bool{
		"SELECT count(*) FROM t WHERE rowid BETWEEN ? AND ?":                true,
		"select COUNT(id) as n from events where rowid >= ? and rowid < ?":  true,
		"SELECT count(DISTINCT kind) FROM t WHERE rowid >= ? AND rowid < ?": false,
		"SELECT kind, count(*) FROM t WHERE rowid >= ? GROUP BY kind":       false,
		"SELECT count(*) FROM t WHERE rowid >= ? GROUP BY kind":             false,
		"SELECT count(*), max(id) FROM t WHERE rowid >= ? AND rowid < ?":    false,
		"SELECT sum(amount) FROM t WHERE rowid >= ? AND rowid < ?":          false,
		"SELECT count(*) FROM t WHERE rowid >= ? HAVING count(*) > 1":       false,
		"SELECT id FROM t WHERE id IN (SELECT count(*) FROM u) LIMIT ?":     false,
	} {
		if got := Parse(lit(sql)).Count; got != want {
			t.Errorf("Parse(%q).Count = %v, want %v", sql, got, want)
		}
	}
}

func TestPlaceholderArgs(t *testing.T) {
	s := Parse(lit("SELECT * FROM t WHERE a = ? AND b = '?' LIMIT ? OFFSET $4"))
	if s.Limit.Tok.Arg != 1 || s.Offset.Tok.Arg != 3 {
		t.Errorf("limit arg %d, offset arg %d; want 1 and 3", s.Limit.Tok.Arg, s.Offset.Tok.Arg)
	}
	if v, ok := Parse(lit("SELECT 1 LIMIT 1_000")).Limit.Int(); !ok || v != 1000 {
		t.Errorf("LIMIT 1_000 = %d, %v", v, ok)
	}
}

func TestHoles(t *testing.T) {
	text := Text{{Lit: "SELECT * FROM t LIMIT "}, {Expr: nil}, {Lit: " OFFSET "}, {Expr: nil}}
	// A nil Expr is literal text; mark holes with a non-nil placeholder
	// expression the lexer never looks into.
	text[1].Expr, text[3].Expr = holeExpr, holeExpr
	s := Parse(text)
	if s.Limit == nil || s.Limit.Tok.Kind != Hole || s.Limit.Tok.Part != 1 || s.Offset == nil || s.Offset.Tok.Part != 3 {
		t.Fatalf("holes not recognised: %+v", s)
	}
	if got := text.String(); got != "SELECT * FROM t LIMIT {?} OFFSET {?}" {
		t.Errorf("String() = %q", got)
	}
}

// FuzzParse checks that any text, split anywhere into fragments and holes,
// lexes and parses without panicking, and that every token points inside
// its fragment.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"SELECT * FROM t LIMIT ? OFFSET ?",
		"INSERT INTO d SELECT * FROM s WHERE rowid BETWEEN $1 AND $2",
		"SELECT * FROM t WHERE k > ? ORDER BY k LIMIT 10",
		"ATTACH 'x.db' AS x (ROW_GROUP_SIZE 204800, STORAGE_VERSION 'v1.2.0')",
		"COPY t TO 'f.parquet' (FORMAT parquet, ROW_GROUP_SIZE 1000)",
		"'unterminated", "\"unterminated", "/* open", "$", "$0 $99999999999999999999", "((((", "))))",
	} {
		f.Add(s, uint8(7))
	}
	f.Fuzz(func(t *testing.T, s string, cut uint8) {
		var text Text
		if i := int(cut); i < len(s) {
			text = Text{{Lit: s[:i]}, {Expr: holeExpr}, {Lit: s[i:]}}
		} else {
			text = lit(s)
		}
		for _, tk := range lex(text) {
			if tk.Kind == Hole {
				continue
			}
			p := text[tk.Part]
			if tk.Off < 0 || tk.Off > len(p.Lit) || tk.Kind == Number && !strings.HasPrefix(p.Lit[tk.Off:], tk.Text) {
				t.Fatalf("token %+v outside its fragment %q", tk, p.Lit)
			}
		}
		sh := Parse(text)
		for _, o := range []*Operand{sh.Limit, sh.Offset, sh.RowidLo, sh.RowidHi, sh.Keyset} {
			o.Int()
		}
	})
}

func TestTableFunc(t *testing.T) {
	for sql, want := range map[string]bool{
		"SELECT * FROM read_parquet('events/*.parquet') LIMIT ? OFFSET ?":                 true,
		"SELECT * FROM read_csv_auto(?, header = true) LIMIT 250000 OFFSET ?":             true,
		"SELECT * FROM 'events/2026-*.parquet' LIMIT ? OFFSET ?":                          true,
		"SELECT e.* FROM events e JOIN read_json('users.json') u ON e.uid = u.id LIMIT ?": true,
		"SELECT * FROM main.my_table_macro(3) LIMIT ? OFFSET ?":                           true,
		"SELECT * FROM events LIMIT ? OFFSET ?":                                           false,
		"SELECT * FROM main.events LIMIT ? OFFSET ?":                                      false,
		// The walked table is events; the file is read in a subquery.
		"SELECT * FROM events WHERE id IN (SELECT id FROM read_parquet('ids.parquet')) LIMIT ? OFFSET ?": false,
		"INSERT INTO events SELECT * FROM read_parquet(?) LIMIT ? OFFSET ?":                              true,
	} {
		if got := Parse(lit(sql)).TableFunc; got != want {
			t.Errorf("Parse(%q).TableFunc = %v, want %v", sql, got, want)
		}
	}
}

// TestHoleInString: a Go value put inside quotes (read_csv_auto('%s'))
// belongs to the string; the SQL after the closing quote is still lexed.
func TestHoleInString(t *testing.T) {
	file, off := &ast.Ident{Name: "file"}, &ast.Ident{Name: "off"}
	s := Parse(Text{{Lit: "SELECT * FROM read_csv_auto('"}, {Expr: file}, {Lit: "', header = true) LIMIT 50000 OFFSET "}, {Expr: off}})
	if v, ok := s.Limit.Int(); !ok || v != 50_000 || s.Offset == nil || s.Offset.Tok.Kind != Hole || !s.TableFunc {
		t.Errorf("got limit %v offset %v tablefunc %v", s.Limit, s.Offset, s.TableFunc)
	}
	if s := Parse(Text{{Lit: "SELECT 'it''s "}, {Expr: file}, {Lit: "' LIMIT ?"}}); s.Limit == nil {
		t.Errorf("no LIMIT after a hole in a string with an escaped quote")
	}
}

// TestHoleInIdentifier: a Go value put inside double quotes (INSERT INTO
// "%s") belongs to the quoted identifier: the SQL after the closing quote
// is still lexed, with its parentheses.
func TestHoleInIdentifier(t *testing.T) {
	table, col := &ast.Ident{Name: "table"}, &ast.Ident{Name: "col"}
	text := Text{{Lit: `INSERT INTO "`}, {Expr: table}, {Lit: `" (`}, {Lit: `"`}, {Expr: col}, {Lit: `"`}, {Lit: `) VALUES ($1) ON CONFLICT ("id") DO NOTHING`}}
	var words []string
	for _, tk := range lex(text) {
		if tk.Kind == Hole {
			t.Errorf("hole inside a quoted identifier lexed as a value: %+v", tk)
		}
		if tk.Kind == Word {
			words = append(words, tk.Text)
		}
	}
	if got := strings.Join(words, " "); got != `INSERT INTO " " VALUES ON CONFLICT "id" DO NOTHING` {
		t.Errorf("words %q", got)
	}
	if s := Parse(text); s.Row.Kind != InsertRow {
		t.Errorf("Row.Kind = %v, want INSERT", s.Row.Kind)
	}
	if s := Parse(Text{{Lit: `SELECT "a""`}, {Expr: col}, {Lit: `" FROM t LIMIT ?`}}); s.Limit == nil {
		t.Errorf("no LIMIT after a hole in an identifier with an escaped quote")
	}
}
