package sqltext

// RowKind is what one run of a write statement writes, when it writes
// exactly one row that the program binds.
type RowKind int

// Row kinds.
const (
	NoRow     RowKind = iota // no write, or a write of many rows
	InsertRow                // INSERT ... VALUES with one row, UPSERT included
	UpdateRow                // UPDATE ... WHERE key = ?
	DeleteRow                // DELETE FROM ... WHERE key = ?
)

func (k RowKind) String() string {
	switch k {
	case InsertRow:
		return "INSERT"
	case UpdateRow:
		return "UPDATE"
	case DeleteRow:
		return "DELETE"
	}
	return ""
}

// A RowWrite is the one row a statement writes per run.
type RowWrite struct {
	Kind RowKind
	// Values is the index of the part of the Text where the row's values
	// begin (the part holding VALUES, SET or WHERE): holes from there on
	// put a row's values into the text, holes before it name a table.
	Values int
}

// rowWrite returns what the statement toks writes when it writes one row
// per run, Kind NoRow otherwise: reads, DDL, INSERT ... SELECT, a VALUES
// list of several rows or one the source builds (VALUES %s: the chunked
// statements commitsize judges), an UPDATE or DELETE without a key
// comparison or over a key list (IN, ANY), or joined to another table
// (FROM, USING). nparts is the number of parts of the text.
func rowWrite(toks []Token, nparts int) RowWrite {
	w := RowWrite{Values: nparts}
	for _, tk := range toks {
		if isWord(tk, "VALUES") || isWord(tk, "SET") || isWord(tk, "WHERE") {
			w.Values = tk.Part
			break
		}
	}
	first := -1
	for i, tk := range toks {
		if tk.Kind != Punct || tk.Text != "(" {
			first = i
			break
		}
	}
	if first < 0 || toks[first].Kind != Word {
		return w
	}
	switch toks[first].Text {
	case "INSERT":
		if insertsOneRow(toks[first:]) {
			w.Kind = InsertRow
		}
	case "UPDATE":
		if byKey(toks[first:], "FROM") {
			w.Kind = UpdateRow
		}
	case "DELETE":
		if byKey(toks[first:], "USING") {
			w.Kind = DeleteRow
		}
	}
	return w
}

// insertsOneRow reports whether the INSERT toks has a VALUES list of
// exactly one parenthesised row that the SQL text writes out.
func insertsOneRow(toks []Token) bool {
	at := -1
	for i, tk := range toks {
		if tk.Depth == 0 && isWord(tk, "VALUES") {
			at = i
			break
		}
		if tk.Depth == 0 && (isWord(tk, "SELECT") || isWord(tk, "FROM") || isWord(tk, "DEFAULT")) {
			return false // INSERT ... SELECT, INSERT ... FROM, DEFAULT VALUES
		}
	}
	if at < 0 || at+1 >= len(toks) || !isPunct(toks[at+1], "(") {
		return false // VALUES %s: a list the program builds
	}
	rows := 0
	for _, tk := range toks[at+1:] {
		if tk.Depth != 0 {
			continue
		}
		switch {
		case isPunct(tk, "("):
			rows++
		case isPunct(tk, ","):
			return false // a second row follows
		case tk.Kind == Hole:
			return false // more rows may be put in here
		case tk.Kind == Word:
			return rows == 1 // ON CONFLICT, RETURNING: the list has ended
		}
	}
	return rows == 1
}

// byKey reports whether the UPDATE or DELETE toks picks its rows by
// comparing a column to a bound value (WHERE id = ?), with no join to
// another table (the word join: FROM for UPDATE, USING for DELETE), no
// key list and no range (ts < ?, BETWEEN, LIKE): a range selects a set of
// rows, however many bound keys come with it.
func byKey(toks []Token, join string) bool {
	where := -1
	for i, tk := range toks {
		if tk.Depth != 0 || tk.Kind != Word {
			continue
		}
		if tk.Text == join {
			return false
		}
		if tk.Text == "WHERE" {
			where = i
			break
		}
	}
	if where < 0 {
		return false
	}
	key := false
	for i := where + 1; i < len(toks); i++ {
		tk := toks[i]
		if isWord(tk, "RETURNING") {
			break
		}
		if isWord(tk, "IN") || isWord(tk, "ANY") || isWord(tk, "SELECT") {
			return false // a key list or a subquery: many rows
		}
		if isWord(tk, "BETWEEN") || isWord(tk, "LIKE") || isWord(tk, "ILIKE") || tk.Kind == Punct && isComparison(tk.Text) {
			return false // a range: a set of rows (bucket >= ? AND bucket < ?)
		}
		if isPunct(tk, "=") && i > where+1 && i+1 < len(toks) {
			l, r := toks[i-1], toks[i+1]
			if bound(r) && l.Kind == Word || bound(l) && r.Kind == Word {
				key = true
			}
		}
	}
	return key
}

// bound reports whether tk is a value the program binds per run.
func bound(tk Token) bool { return tk.Kind == Placeholder || tk.Kind == Hole }

func isPunct(tk Token, p string) bool { return tk.Kind == Punct && tk.Text == p }
