package rowbyrow

import (
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// A write is what one run of a statement writes.
type write int

const (
	notRow    write = iota // no write, or a write of many rows
	insertRow              // INSERT ... VALUES with one row, UPSERT included
	updateRow              // UPDATE ... WHERE key = ?
	deleteRow              // DELETE FROM ... WHERE key = ?
)

func (w write) String() string {
	switch w {
	case insertRow:
		return "INSERT"
	case updateRow:
		return "UPDATE"
	case deleteRow:
		return "DELETE"
	}
	return ""
}

// oneRow returns what the statement t writes when it writes one row per
// run, and notRow otherwise: reads, DDL, INSERT ... SELECT, a VALUES list
// of several rows or one the source builds (VALUES %s: the chunked
// statements commitsize judges), an UPDATE or DELETE without a key
// comparison or over a key list (IN, ANY), or joined to another table
// (FROM, USING).
func oneRow(t sqltext.Text) write {
	toks := sqltext.Tokens(t)
	first := -1
	for i, tk := range toks {
		if tk.Kind != sqltext.Punct || tk.Text != "(" {
			first = i
			break
		}
	}
	if first < 0 || toks[first].Kind != sqltext.Word {
		return notRow
	}
	switch toks[first].Text {
	case "INSERT":
		return insertValues(toks[first:])
	case "UPDATE":
		if byKey(toks[first:], "FROM") {
			return updateRow
		}
	case "DELETE":
		if byKey(toks[first:], "USING") {
			return deleteRow
		}
	}
	return notRow
}

// insertValues returns insertRow when the INSERT toks has a VALUES list
// of exactly one parenthesised row that the SQL text writes out.
func insertValues(toks []sqltext.Token) write {
	at := -1
	for i, tk := range toks {
		if tk.Depth == 0 && tk.Kind == sqltext.Word && tk.Text == "VALUES" {
			at = i
			break
		}
		if tk.Depth == 0 && tk.Kind == sqltext.Word && (tk.Text == "SELECT" || tk.Text == "FROM" || tk.Text == "DEFAULT") {
			return notRow // INSERT ... SELECT, INSERT ... FROM, DEFAULT VALUES
		}
	}
	if at < 0 || at+1 >= len(toks) || toks[at+1].Kind != sqltext.Punct || toks[at+1].Text != "(" {
		return notRow // VALUES %s: a list the program builds
	}
	rows := 0
	for _, tk := range toks[at+1:] {
		if tk.Depth != 0 {
			continue
		}
		switch {
		case tk.Kind == sqltext.Punct && tk.Text == "(":
			rows++
		case tk.Kind == sqltext.Punct && tk.Text == ",":
			return notRow // a second row follows
		case tk.Kind == sqltext.Hole:
			return notRow // more rows may be put in here
		case tk.Kind == sqltext.Word:
			// ON CONFLICT, RETURNING: the list has ended.
			return rowsOrNot(rows)
		}
	}
	return rowsOrNot(rows)
}

func rowsOrNot(rows int) write {
	if rows == 1 {
		return insertRow
	}
	return notRow
}

// byKey reports whether the UPDATE or DELETE toks picks its rows by
// comparing a column to a bound value (WHERE id = ?), with no join to
// another table (the word join: FROM for UPDATE, USING for DELETE) and no
// key list.
func byKey(toks []sqltext.Token, join string) bool {
	where := -1
	for i, tk := range toks {
		if tk.Depth != 0 || tk.Kind != sqltext.Word {
			continue
		}
		switch tk.Text {
		case join:
			return false
		case "WHERE":
			where = i
		}
		if where >= 0 {
			break
		}
	}
	if where < 0 {
		return false
	}
	key := false
	for i := where + 1; i < len(toks); i++ {
		tk := toks[i]
		if tk.Kind == sqltext.Word && (tk.Text == "IN" || tk.Text == "ANY" || tk.Text == "SELECT" || tk.Text == "RETURNING") {
			if tk.Text == "RETURNING" {
				break
			}
			return false // a key list or a subquery: many rows
		}
		if tk.Kind == sqltext.Punct && tk.Text == "=" && i > where+1 && i+1 < len(toks) {
			l, r := toks[i-1], toks[i+1]
			if bound(r) && l.Kind == sqltext.Word || bound(l) && r.Kind == sqltext.Word {
				key = true
			}
		}
	}
	return key
}

// bound reports whether tk is a value the program binds per run.
func bound(tk sqltext.Token) bool {
	return tk.Kind == sqltext.Placeholder || tk.Kind == sqltext.Hole
}
