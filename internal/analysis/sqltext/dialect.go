package sqltext

import "strings"

// DuckDBOnly returns the first piece of DuckDB-only syntax in t, or "":
// a table function that only DuckDB has (read_parquet(...),
// read_csv(...), read_json(...)), a file path in FROM (FROM
// 'events.csv'), USING SAMPLE, or the rowid pseudo-column (which SQLite
// has too: sqlite is then the caller's to rule out). PostgreSQL and
// MySQL reject each of these, so a query written with one runs on
// DuckDB.
func DuckDBOnly(t Text) string {
	toks := lex(t)
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
			if n := next(1); n != nil && n.Kind == String {
				return tk.Text + " '" + n.Text + "'"
			}
		case "USING":
			if n := next(1); n != nil && isWord(*n, "SAMPLE") {
				return "USING SAMPLE"
			}
		case "ROWID":
			return "rowid"
		}
	}
	return ""
}
