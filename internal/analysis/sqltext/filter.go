package sqltext

import "strings"

// sample returns the row count of the outermost USING SAMPLE n [ROWS] or
// TABLESAMPLE n ROWS, or nil (a percentage, a method call such as
// reservoir(100 ROWS), or no sample).
func sample(toks []Token, depth int) *Operand {
	for i := 0; i+1 < len(toks); i++ {
		tk := toks[i]
		if tk.Depth != depth || !isWord(tk, "SAMPLE") && !isWord(tk, "TABLESAMPLE") {
			continue
		}
		op := operandAt(toks, i+1)
		if op == nil || op.Tok.Kind == String {
			return nil
		}
		if i+2 < len(toks) && (isPunct(toks[i+2], "%") || isWord(toks[i+2], "PERCENT")) {
			return nil
		}
		return op
	}
	return nil
}

// keyFilter reports whether the outermost WHERE (at depth) picks rows by
// keys the program binds: col = ?, lower(col) = lower(?), col IN (?, ?)
// or col = ANY(?). Such a query reads the rows of one entity (a team's
// members, an email's invites), not a table.
func keyFilter(toks []Token, depth int) bool {
	where := -1
	for i, tk := range toks {
		if tk.Depth == depth && isWord(tk, "WHERE") {
			where = i
			break
		}
	}
	if where < 0 {
		return false
	}
	for i := where + 1; i+1 < len(toks); i++ {
		tk := toks[i]
		if tk.Depth == depth && tk.Kind == Word {
			switch tk.Text {
			case "GROUP", "ORDER", "LIMIT", "OFFSET", "HAVING", "WINDOW", "QUALIFY", "UNION", "EXCEPT", "INTERSECT", "RETURNING":
				return false
			}
		}
		switch {
		case tk.Depth != depth:
			// A subquery's own filter, or a parenthesised group: not
			// read, so not a key filter.
		case isPunct(tk, "=") && (bound(toks[i-1]) || boundCall(toks, i+1)):
			return true
		case isWord(tk, "IN") && isPunct(toks[i+1], "(") && boundCall(toks, i+1):
			return true
		}
	}
	return false
}

// boundCall reports whether toks[i:] starts with a bound value, or with
// one inside a call or a parenthesis: ?, lower(?), ANY(?), (?, ?).
func boundCall(toks []Token, i int) bool {
	for ; i < len(toks); i++ {
		tk := toks[i]
		switch {
		case bound(tk):
			return true
		case tk.Kind == Word || isPunct(tk, "("):
			continue // a function name, its parenthesis
		}
		return false
	}
	return false
}

// readsCatalog reports whether the query at depth reads the database's
// catalog, not its data: FROM information_schema.tables, pg_catalog,
// sqlite_master, DuckDB's duckdb_tables() and pragma_table_info('t'), or a
// SHOW, DESCRIBE or PRAGMA statement. Its rows are the schema's tables
// and columns: as many as the code created.
func readsCatalog(toks []Token, depth int) bool {
	if len(toks) > 0 && (isWord(toks[0], "SHOW") || isWord(toks[0], "DESCRIBE") || isWord(toks[0], "PRAGMA")) {
		return true
	}
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Depth != depth || !isWord(toks[i], "FROM") && !isWord(toks[i], "JOIN") {
			continue
		}
		name := toks[i+1]
		if name.Kind != Word {
			continue
		}
		switch n := name.Text; {
		case n == "INFORMATION_SCHEMA", n == "PG_CATALOG", n == "SQLITE_MASTER", n == "SQLITE_SCHEMA",
			strings.HasPrefix(n, "DUCKDB_"), strings.HasPrefix(n, "PRAGMA_"), strings.HasPrefix(n, "PG_"):
			return true
		}
	}
	return false
}
