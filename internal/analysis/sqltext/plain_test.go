package sqltext

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParsePlain(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		want string // into(cols) cols from where|args limit, or the reason's start
	}{
		{"SELECT id, kind FROM events LIMIT ? OFFSET ?", " [id kind] events |0 ?"},
		{"select * from main.events where kind = ? and created >= ? limit 100000 offset ?;", " [] main.events kind = ? and created >= ?|2 100000"},
		{"SELECT id FROM events WHERE kind = 'it''s ?' AND id > ? LIMIT ? OFFSET ?", " [id] events kind = 'it''s ?' AND id > ?|1 ?"},
		{`SELECT "Created At", id FROM events LIMIT ? OFFSET ?`, " [Created At id] events |0 ?"},
		{"SELECT id FROM events -- all of them\nLIMIT ? OFFSET ?", " [id] events |0 ?"},
		{"INSERT INTO archive SELECT * FROM events WHERE kind = ? LIMIT ? OFFSET ?", "archive [] events kind = ?|1 ?"},
		{"INSERT INTO dst (a, b) SELECT a, b FROM src LIMIT ? OFFSET ?", "dst[a b] [a b] src |0 ?"},
		{"INSERT OR REPLACE INTO dst SELECT * FROM src LIMIT ? OFFSET ?", "the copy is not INSERT INTO"},
		{"INSERT INTO dst SELECT * FROM src LIMIT ? OFFSET ? ON CONFLICT DO NOTHING", "the query does not end in LIMIT n OFFSET ?"},
		{"SELECT id FROM events ORDER BY id LIMIT ? OFFSET ?", "the query is more than one table"},
		{"SELECT id FROM events WHERE kind = ? ORDER BY id LIMIT ? OFFSET ?", "the query is more than one table filtered by WHERE (ORDER)"},
		{"SELECT e.id FROM events e LIMIT ? OFFSET ?", "the query selects more than plain column names"},
		{"SELECT id FROM events e LIMIT ? OFFSET ?", "the query is more than one table"},
		{"SELECT DISTINCT kind FROM events LIMIT ? OFFSET ?", "the query selects more than plain"},
		{"SELECT count(*) FROM events LIMIT ? OFFSET ?", "the query selects more than plain"},
		{"SELECT id AS event_id FROM events LIMIT ? OFFSET ?", "the query selects more than plain"},
		{"SELECT * FROM read_parquet('e/*.parquet') LIMIT ? OFFSET ?", "the query reads a table function"},
		{"SELECT * FROM 'events.parquet' LIMIT ? OFFSET ?", "the query reads a file"},
		{"SELECT id FROM events WHERE id IN (SELECT id FROM keep) LIMIT ? OFFSET ?", "the WHERE clause holds a subquery"},
		{"SELECT id FROM events WHERE rowid % 2 = 0 LIMIT ? OFFSET ?", "the WHERE clause reads rowid"},
		{"SELECT id FROM events WHERE created < now() LIMIT ? OFFSET ?", "the WHERE clause calls now"},
		{"SELECT id FROM events WHERE kind = $1 LIMIT ? OFFSET ?", "the WHERE clause has numbered"},
		{"SELECT id FROM events a JOIN users u ON a.u = u.id LIMIT ? OFFSET ?", "the query is more than one table"},
		{"SELECT id FROM events LIMIT ?", "the query does not end in LIMIT n OFFSET ?"},
		{"SELECT id FROM events OFFSET ? LIMIT ?", "the query is more than one table"},
		{"SELECT id FROM events", "the query has no LIMIT"},
		{"WITH x AS (SELECT 1) SELECT * FROM x LIMIT ? OFFSET ?", "the query is not SELECT"},
	} {
		p, why := ParsePlain(lit(tc.sql))
		got := why
		if p != nil {
			into := p.Into
			if p.IntoCols != nil {
				into += "[" + strings.Join(p.IntoCols, " ") + "]"
			}
			got = into + " [" + strings.Join(p.Columns, " ") + "] " + p.From + " " + p.Where + "|" + strconv.Itoa(p.WhereArgs) + " " + p.Limit.Tok.Text
		}
		if p != nil && got != tc.want || p == nil && !strings.HasPrefix(got, tc.want) {
			t.Errorf("ParsePlain(%q) = %q, want %q", tc.sql, got, tc.want)
		}
	}
	if _, why := ParsePlain(Text{{Lit: "SELECT * FROM "}, {Expr: holeExpr}, {Lit: " LIMIT ? OFFSET ?"}}); why != "the query text is not a constant" {
		t.Errorf("a text with a hole: %q", why)
	}
}

func TestDefinitions(t *testing.T) {
	defs := Definitions(lit(`
		CREATE TABLE IF NOT EXISTS events (id BIGINT PRIMARY KEY, "Kind" VARCHAR, created TIMESTAMP DEFAULT now(), tags INTEGER[], UNIQUE (id, "Kind"));
		create or replace temp table main.staging (id BIGINT, total DECIMAL(18, 2), twice BIGINT GENERATED ALWAYS AS (id * 2) VIRTUAL);
		CREATE TABLE copy AS SELECT count(x) FROM events;
		CREATE VIEW recent AS SELECT * FROM events WHERE created > now() - INTERVAL 1 DAY;
		ALTER TABLE events ADD COLUMN note VARCHAR;
		DROP VIEW IF EXISTS recent;
		CREATE INDEX events_kind ON events (kind);
		INSERT INTO events VALUES (1, 'a', now(), [])`))
	var got []string
	for _, d := range defs {
		got = append(got, strings.Join(append([]string{strconv.Itoa(int(d.Kind)), d.Name}, d.Columns...), " ")+map[bool]string{true: " +generated"}[d.Generated])
	}
	want := []string{
		"1 EVENTS ID KIND CREATED TAGS",
		"1 STAGING ID TOTAL TWICE +generated",
		"2 COPY",
		"3 RECENT",
		"4 EVENTS",
		"5 RECENT",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Definitions:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
