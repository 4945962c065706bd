package sqltext

import "strings"

// A Plain is a page of one stored table, read or copied, and nothing else:
//
//	SELECT columns FROM table [WHERE filter] LIMIT n OFFSET ?
//	INSERT INTO dst [(columns)] SELECT columns FROM table [WHERE filter] LIMIT n OFFSET ?
//
// (columns are plain names or *). It is what offsetwalk's rewrite can hand
// to the pager: the table, the names, and the filter's text as written.
type Plain struct {
	// Into is the INSERT's table as written, "" for a SELECT; IntoCols
	// its column list, nil without one.
	Into     string
	IntoCols []string
	// Columns are the selected names as written (quotes removed), nil
	// for *.
	Columns []string
	// From is the table read, as written (schema.table).
	From string
	// Where is the filter's text as written, "" without one; WhereArgs
	// counts its ? placeholders, which are the statement's first.
	Where     string
	WhereArgs int
	// Limit is the page size (a ? or a number); Offset is a ?.
	Limit, Offset *Operand
}

// ParsePlain reads t, a constant text, as a Plain, or returns why it is
// none, as a clause about "the query" (or "the copy").
func ParsePlain(t Text) (*Plain, string) {
	if len(t) != 1 || t[0].Expr != nil {
		return nil, "the query text is not a constant"
	}
	src := t[0].Lit
	toks := lex(t)
	if n := len(toks); n > 0 && toks[n-1].Kind == Punct && toks[n-1].Text == ";" {
		toks = toks[:n-1]
	}
	p := &Plain{}
	i := 0
	if i < len(toks) && isWord(toks[i], "INSERT") {
		if i+1 >= len(toks) || !isWord(toks[i+1], "INTO") {
			return nil, "the copy is not INSERT INTO dst ... (OR REPLACE, OR IGNORE)"
		}
		name, j := qualifiedName(src, toks, i+2)
		if name == "" {
			return nil, "the copy's target is not a table name"
		}
		p.Into, i = name, j
		if i < len(toks) && toks[i].Text == "(" && toks[i].Kind == Punct {
			cols, j, ok := nameList(src, toks, i+1, ")")
			if !ok || j >= len(toks) || toks[j].Text != ")" {
				return nil, "the copy's column list is not plain column names"
			}
			p.IntoCols, i = cols, j+1
		}
	}
	if i >= len(toks) || !isWord(toks[i], "SELECT") {
		return nil, "the query is not SELECT columns FROM one table [WHERE ...] LIMIT ? OFFSET ?"
	}
	i++
	if i < len(toks) && toks[i].Kind == Punct && toks[i].Text == "*" {
		i++
	} else {
		cols, j, ok := nameList(src, toks, i, "FROM")
		if !ok {
			return nil, "the query selects more than plain column names (an expression, an alias, DISTINCT)"
		}
		p.Columns, i = cols, j
	}
	if i >= len(toks) || !isWord(toks[i], "FROM") {
		return nil, "the query selects more than plain column names (an expression, an alias, DISTINCT)"
	}
	i++
	if i < len(toks) && toks[i].Kind == String {
		return nil, "the query reads a file, not a table"
	}
	name, j := qualifiedName(src, toks, i)
	if name == "" {
		return nil, "the query does not read one table by name"
	}
	if j < len(toks) && toks[j].Kind == Punct && toks[j].Text == "(" {
		return nil, "the query reads a table function, not a table"
	}
	p.From, i = name, j
	// The filter runs up to the LIMIT at depth 0.
	limitAt := -1
	for k := i; k < len(toks); k++ {
		if toks[k].Depth == 0 && isWord(toks[k], "LIMIT") {
			limitAt = k
			break
		}
	}
	if limitAt < 0 {
		return nil, "the query has no LIMIT"
	}
	if i < limitAt {
		if !isWord(toks[i], "WHERE") || i+1 == limitAt {
			return nil, "the query is more than one table filtered by WHERE (an alias, a JOIN, GROUP BY, ORDER BY)"
		}
		if why := plainFilter(toks[i+1 : limitAt]); why != "" {
			return nil, why
		}
		p.Where = strings.TrimSpace(src[toks[i+1].Off:toks[limitAt].Off])
		for _, tk := range toks[i+1 : limitAt] {
			if tk.Kind == Placeholder {
				p.WhereArgs++
			}
		}
	}
	if p.Limit = operandAt(toks, limitAt+1); p.Limit == nil || p.Limit.Tok.Kind != Number && p.Limit.Tok.Text != "?" {
		return nil, "the LIMIT is not ? or a number"
	}
	if limitAt+4 != len(toks) || !isWord(toks[limitAt+2], "OFFSET") {
		return nil, "the query does not end in LIMIT n OFFSET ?"
	}
	if p.Offset = operandAt(toks, limitAt+3); p.Offset == nil || p.Offset.Tok.Text != "?" {
		return nil, "the OFFSET is not ?"
	}
	return p, ""
}

// volatile are DuckDB's functions whose value changes from call to call or
// from transaction to transaction: a filter that calls one selects other
// rows on each page of the old loop, and the pager's one transaction
// evaluates it differently.
var volatile = map[string]bool{
	"RANDOM": true, "UUID": true, "GEN_RANDOM_UUID": true, "UUIDV4": true, "UUIDV7": true,
	"NEXTVAL": true, "CURRVAL": true, "SETSEED": true,
	"NOW": true, "CURRENT_TIMESTAMP": true, "CURRENT_DATE": true, "CURRENT_TIME": true,
	"GET_CURRENT_TIMESTAMP": true, "GET_CURRENT_TIME": true, "TODAY": true,
	"TRANSACTION_TIMESTAMP": true, "LOCALTIMESTAMP": true, "LOCALTIME": true, "CURRENT_LOCALTIMESTAMP": true,
}

// plainFilter returns why the tokens of a WHERE clause are more than a
// filter of the table's own rows that the pager can paste after its rowid
// range, or "".
func plainFilter(toks []Token) string {
	for _, tk := range toks {
		switch {
		case tk.Kind == Hole:
			return "the query text is not a constant"
		case tk.Kind == Placeholder && tk.Text != "?":
			return "the WHERE clause has numbered or named parameters"
		case tk.Kind != Word:
		case tk.Text == "SELECT":
			return "the WHERE clause holds a subquery"
		case tk.Text == "ROWID":
			return "the WHERE clause reads rowid, which the pager's ranges set"
		case volatile[tk.Text]:
			return "the WHERE clause calls " + strings.ToLower(tk.Text) + ", whose value changes between pages and transactions"
		case tk.Depth == 0 && clauseWords[tk.Text]:
			return "the query is more than one table filtered by WHERE (" + tk.Text + ")"
		}
	}
	return ""
}

// clauseWords end a WHERE clause at depth 0: with them, the statement is
// more than a filtered read.
var clauseWords = map[string]bool{
	"GROUP": true, "HAVING": true, "ORDER": true, "QUALIFY": true, "WINDOW": true, "UNION": true,
	"EXCEPT": true, "INTERSECT": true, "USING": true, "SAMPLE": true, "JOIN": true, "RETURNING": true,
}

// nameList reads plain names separated by commas from toks[i] up to the
// word or punctuation end (not consumed): it returns them as written, the
// index of end, and whether the list was that and nothing else.
func nameList(src string, toks []Token, i int, end string) ([]string, int, bool) {
	var names []string
	for {
		name, ok := plainName(src, toks, i)
		if !ok {
			return nil, i, false
		}
		names = append(names, name)
		i++
		if i < len(toks) && toks[i].Kind == Punct && toks[i].Text == "," {
			i++
			continue
		}
		if i < len(toks) && toks[i].Text == end && (toks[i].Kind == Word || toks[i].Kind == Punct) {
			return names, i, true
		}
		return nil, i, false
	}
}

// reserved are words that cannot be a plain column name where ParsePlain
// reads one.
var reserved = map[string]bool{
	"SELECT": true, "FROM": true, "WHERE": true, "DISTINCT": true, "ALL": true, "AS": true,
	"LIMIT": true, "OFFSET": true, "ORDER": true, "GROUP": true, "COLUMNS": true, "EXCLUDE": true,
	"REPLACE": true, "CASE": true, "NULL": true, "TRUE": true, "FALSE": true, "NOT": true,
}

// plainName returns the name at toks[i] as written, without quotes, if it
// is one identifier that names a column.
func plainName(src string, toks []Token, i int) (string, bool) {
	if i >= len(toks) || toks[i].Kind != Word || reserved[toks[i].Text] {
		return "", false
	}
	tk := toks[i]
	if strings.HasPrefix(tk.Text, `"`) {
		name := strings.TrimSuffix(strings.TrimPrefix(tk.Text, `"`), `"`)
		if name == "" || strings.Contains(name, `"`) {
			return "", false
		}
		return name, true
	}
	if !isASCII(tk.Text) {
		return "", false // upper-casing may have changed its length
	}
	return src[tk.Off : tk.Off+len(tk.Text)], true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// qualifiedName returns the table name at toks[i] as written (one to
// three dotted identifiers) and the index after it, or "".
func qualifiedName(src string, toks []Token, i int) (string, int) {
	start := i
	for parts := 0; parts < 3; parts++ {
		if i >= len(toks) || toks[i].Kind != Word || reserved[toks[i].Text] || strings.HasPrefix(toks[i].Text, `"`) || !isASCII(toks[i].Text) {
			return "", start
		}
		i++
		if i+1 < len(toks) && toks[i].Kind == Punct && toks[i].Text == "." {
			i++
			continue
		}
		last := toks[i-1]
		return src[toks[start].Off : last.Off+len(last.Text)], i
	}
	return "", start
}
