package sqltext

import (
	"slices"
	"strings"
)

// DuckDBOnly returns the first piece of DuckDB-only syntax in t, or "":
// a table function that only DuckDB has (read_parquet(...),
// read_csv(...), read_json(...)), a file path in FROM (FROM
// 'events.csv'), USING SAMPLE, or the rowid pseudo-column (which SQLite
// has too: sqlite is then the caller's to rule out). PostgreSQL and
// MySQL reject each of these, so a query written with one runs on
// DuckDB. So do a COPY to a Parquet file or with a ROW_GROUP_SIZE
// option, and an ATTACH with DuckDB's options (TYPE, READ_ONLY,
// ROW_GROUP_SIZE, STORAGE_VERSION).
func DuckDBOnly(t Text) string {
	return duckDBOnly(lex(t), true)
}

// DuckDBOnlyAnyEngine is DuckDBOnly for SQL whose engine nothing else
// tells, a helper package's that imports no driver: it leaves out the
// rowid pseudo-column and a quoted name in FROM that is not a file path
// or pattern (FROM 'events'), which SQLite runs too (it reads a quoted
// name as a table's).
func DuckDBOnlyAnyEngine(t Text) string {
	return duckDBOnly(lex(t), false)
}

// duckDBOptions are the options of ATTACH (...) only DuckDB has:
// SQLite's ATTACH takes none.
var duckDBOptions = []string{"TYPE", "READ_ONLY", "ROW_GROUP_SIZE", "STORAGE_VERSION"}

func duckDBOnly(toks []Token, sqlite bool) string {
	switch s := parseTokens(toks); s.Kind {
	case Copy:
		if _, ok := s.Options["ROW_GROUP_SIZE"]; ok {
			return "COPY ... (ROW_GROUP_SIZE)"
		}
		if f := s.Options["FORMAT"]; f != nil && strings.EqualFold(strings.Trim(f.Tok.Text, "'"), "parquet") {
			return "COPY ... (FORMAT PARQUET)"
		}
	case Attach:
		// READ_ONLY takes no value: the option list's words, not Options.
		for _, tk := range toks {
			if tk.Kind == Word && tk.Depth > 0 && slices.Contains(duckDBOptions, tk.Text) {
				return "ATTACH ... (" + tk.Text + ")"
			}
		}
	}
	for i, tk := range toks {
		if tk.Kind != Word {
			continue
		}
		next := func(k int) *Token {
			if i+k < len(toks) {
				return &toks[i+k]
			}
			return nil
		}
		switch tk.Text {
		case "READ_PARQUET", "PARQUET_SCAN", "READ_CSV", "READ_CSV_AUTO", "READ_JSON", "READ_JSON_AUTO", "READ_NDJSON":
			if n := next(1); n != nil && n.Kind == Punct && n.Text == "(" {
				return strings.ToLower(tk.Text) + "(...)"
			}
		case "FROM", "JOIN":
			if n := next(1); n != nil && n.Kind == String && (sqlite || strings.ContainsAny(n.Text, "./*%")) {
				return tk.Text + " '" + n.Text + "'"
			}
		case "USING":
			if n := next(1); n != nil && isWord(*n, "SAMPLE") {
				return "USING SAMPLE"
			}
		case "ROWID":
			if sqlite {
				return "rowid"
			}
		}
	}
	return ""
}
