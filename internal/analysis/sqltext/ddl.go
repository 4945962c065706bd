package sqltext

import "strings"

// DefKind is what a DDL statement does to a name.
type DefKind int

// Definition kinds.
const (
	// DefTable: CREATE TABLE name (columns).
	DefTable DefKind = iota + 1
	// DefTableAs: CREATE TABLE name AS ..., whose columns are the query's.
	DefTableAs
	// DefView: CREATE VIEW name.
	DefView
	// DefAlter: ALTER TABLE or ALTER VIEW name.
	DefAlter
	// DefDrop: DROP TABLE or DROP VIEW name.
	DefDrop
)

// A Definition is what one statement says about a table or view name.
type Definition struct {
	Kind DefKind
	// Name is the last part of the name, upper-cased, without quotes.
	Name string
	// Columns are a DefTable's column names in order, upper-cased,
	// without quotes; Generated reports a generated column among them.
	Columns   []string
	Generated bool
}

// Definitions returns what the statements of t (one or several, separated
// by semicolons) say about table and view names: the tables created with
// their columns, the tables created from a query, the views, and the
// names altered or dropped. Other statements are left out.
func Definitions(t Text) []Definition {
	var out []Definition
	toks := lex(t)
	start := 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) && !(toks[i].Kind == Punct && toks[i].Text == ";" && toks[i].Depth == 0) {
			continue
		}
		if d, ok := definition(toks[start:i]); ok {
			out = append(out, d)
		}
		start = i + 1
	}
	return out
}

func definition(toks []Token) (Definition, bool) {
	words := func(i int, ws ...string) bool {
		for k, w := range ws {
			if i+k >= len(toks) || !isWord(toks[i+k], w) {
				return false
			}
		}
		return true
	}
	var d Definition
	i := 0
	switch {
	case words(0, "CREATE"):
		i = 1
		if words(i, "OR", "REPLACE") {
			i += 2
		}
		if words(i, "TEMP") || words(i, "TEMPORARY") {
			i++
		}
		switch {
		case words(i, "TABLE"):
			d.Kind = DefTable
		case words(i, "VIEW"):
			d.Kind = DefView
		default:
			return d, false
		}
		i++
		if words(i, "IF", "NOT", "EXISTS") {
			i += 3
		}
	case words(0, "ALTER", "TABLE"), words(0, "ALTER", "VIEW"):
		d.Kind, i = DefAlter, 2
		if words(i, "IF", "EXISTS") {
			i += 2
		}
	case words(0, "DROP", "TABLE"), words(0, "DROP", "VIEW"):
		d.Kind, i = DefDrop, 2
		if words(i, "IF", "EXISTS") {
			i += 2
		}
	default:
		return d, false
	}
	d.Name = unquote(tableName(toks, i))
	if d.Name == "" {
		return d, false
	}
	if d.Kind != DefTable {
		return d, true
	}
	// Past the name: (columns), or AS a query.
	for i++; i+1 < len(toks) && toks[i].Kind == Punct && toks[i].Text == "." && toks[i+1].Kind == Word; i += 2 {
	}
	if i >= len(toks) || toks[i].Text != "(" {
		d.Kind = DefTableAs
		return d, true
	}
	inner := toks[i].Depth + 1
	item := true // at the start of a column or constraint
	for i++; i < len(toks) && !(toks[i].Text == ")" && toks[i].Depth == inner-1); i++ {
		tk := toks[i]
		if tk.Depth != inner {
			continue
		}
		switch {
		case tk.Kind == Punct && tk.Text == ",":
			item = true
			continue
		case item && tk.Kind == Word:
			switch tk.Text {
			case "PRIMARY", "UNIQUE", "CHECK", "FOREIGN", "CONSTRAINT":
			default:
				d.Columns = append(d.Columns, unquote(tk.Text))
			}
		case isWord(tk, "GENERATED"), isWord(tk, "AS"):
			d.Generated = true
		}
		item = false
	}
	return d, true
}

// unquote returns a name token's text without its double quotes,
// upper-cased: DuckDB matches names case-insensitively, quoted or not.
func unquote(s string) string {
	return strings.ToUpper(strings.Trim(s, `"`))
}
