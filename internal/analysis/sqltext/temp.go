package sqltext

// TempTable returns the name (upper-cased, without schema) of the table a
// CREATE TEMP TABLE or CREATE TEMPORARY TABLE statement creates, or "".
func TempTable(t Text) string {
	toks := lex(t)
	i := 0
	if i < len(toks) && isWord(toks[i], "CREATE") {
		i++
	} else {
		return ""
	}
	if i+1 < len(toks) && isWord(toks[i], "OR") && isWord(toks[i+1], "REPLACE") {
		i += 2
	}
	if i >= len(toks) || !isWord(toks[i], "TEMP") && !isWord(toks[i], "TEMPORARY") {
		return ""
	}
	i++
	if i >= len(toks) || !isWord(toks[i], "TABLE") {
		return ""
	}
	i++
	if i+2 < len(toks) && isWord(toks[i], "IF") && isWord(toks[i+1], "NOT") && isWord(toks[i+2], "EXISTS") {
		i += 3
	}
	return tableName(toks, i)
}

// CopiesAsIs reports whether t is an INSERT ... SELECT that reads the
// table named table (upper-cased, as TempTable returns it) alone, in the
// order it is stored: no JOIN, no ORDER BY, no ON CONFLICT and no INSERT
// OR REPLACE/IGNORE. DuckDB then copies the table's row groups as they
// are, partial ones included; through a join (an insert of the rows the
// destination lacks, LEFT JOIN ... WHERE ... IS NULL) the rows come out
// regrouped (docs/measurements.md#temp-staging-tables).
func CopiesAsIs(t Text, table string) bool {
	toks := lex(t)
	if kindOf(toks) != Insert {
		return false
	}
	reads := false
	for i, tk := range toks {
		switch {
		case isWord(tk, "ORDER"), isWord(tk, "CONFLICT"), isWord(tk, "REPLACE"), isWord(tk, "IGNORE"), isWord(tk, "JOIN"):
			return false
		case isWord(tk, "FROM"):
			reads = reads || tableName(toks, i+1) == table
		}
	}
	return reads
}

// tableName returns the last part of the possibly qualified table name
// at toks[i] (temp.main.staging), or "".
func tableName(toks []Token, i int) string {
	name := ""
	for i < len(toks) && toks[i].Kind == Word {
		name = toks[i].Text
		if i+2 < len(toks) && toks[i+1].Kind == Punct && toks[i+1].Text == "." {
			i += 2
			continue
		}
		break
	}
	return name
}

// CreatedTable returns the table (upper-cased, unqualified) that t
// creates, TEMP or not: CREATE [OR REPLACE] [TEMP|TEMPORARY] TABLE [IF
// NOT EXISTS] name; "" for any other statement.
func CreatedTable(t Text) string {
	toks := lex(t)
	i := 0
	if i >= len(toks) || !isWord(toks[i], "CREATE") {
		return ""
	}
	i++
	if i+1 < len(toks) && isWord(toks[i], "OR") && isWord(toks[i+1], "REPLACE") {
		i += 2
	}
	if i < len(toks) && (isWord(toks[i], "TEMP") || isWord(toks[i], "TEMPORARY")) {
		i++
	}
	if i >= len(toks) || !isWord(toks[i], "TABLE") {
		return ""
	}
	i++
	if i+2 < len(toks) && isWord(toks[i], "IF") && isWord(toks[i+1], "NOT") && isWord(toks[i+2], "EXISTS") {
		i += 3
	}
	return tableName(toks, i)
}

// DroppedTable returns the table (upper-cased, unqualified) that t drops:
// DROP TABLE [IF EXISTS] name; "" for any other statement.
func DroppedTable(t Text) string {
	toks := lex(t)
	if len(toks) < 3 || !isWord(toks[0], "DROP") || !isWord(toks[1], "TABLE") {
		return ""
	}
	i := 2
	if i+1 < len(toks) && isWord(toks[i], "IF") && isWord(toks[i+1], "EXISTS") {
		i += 2
	}
	return tableName(toks, i)
}
