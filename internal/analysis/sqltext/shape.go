package sqltext

import (
	"strconv"
	"strings"
)

// Kind is what a statement does to the data.
type Kind int

// Statement kinds.
const (
	Other    Kind = iota
	Read          // SELECT, WITH, FROM, VALUES, TABLE
	Insert        // INSERT
	Create        // CREATE (TABLE ... AS SELECT writes rows)
	Copy          // COPY
	Attach        // ATTACH
	Begin         // BEGIN, START TRANSACTION
	Commit        // COMMIT, END
	Rollback      // ROLLBACK, ABORT
)

// TxControl reports whether k begins or ends a transaction: a statement
// that walks or commits, whatever the data.
func (k Kind) TxControl() bool { return k == Begin || k == Commit || k == Rollback }

// An Operand is the value after LIMIT, OFFSET, a rowid comparison or an
// option: a number in the SQL, a placeholder or a hole.
type Operand struct {
	Tok Token
}

// Int returns the operand's value when it is a number written in the SQL.
func (o *Operand) Int() (int64, bool) {
	if o == nil || o.Tok.Kind != Number {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.ReplaceAll(o.Tok.Text, "_", ""), 10, 64)
	return n, err == nil
}

// Shape is what rowalign needs to know of a statement.
type Shape struct {
	Kind Kind
	// Limit and Offset are the outermost LIMIT and its OFFSET.
	Limit, Offset *Operand
	// OrderBy reports an ORDER BY at the depth of Limit; OrderKey is its
	// first key, upper-cased, without a table qualifier.
	OrderBy  bool
	OrderKey string
	// Keyset is the operand of "key > ?" (or >=, <, <=) on OrderKey.
	Keyset *Operand
	// RowidLo and RowidHi bound a rowid range; HiInclusive for <= and
	// BETWEEN.
	RowidLo, RowidHi *Operand
	HiInclusive      bool
	// Options are the NAME value pairs of an ATTACH or COPY option list,
	// names upper-cased.
	Options map[string]*Operand
	// TableFunc reports that the query at the depth of Limit reads a
	// table function (read_parquet(...), read_csv(...), range(...)) or a
	// file path (FROM 'events/*.parquet') instead of a DuckDB table: its
	// rows are not stored in DuckDB's row groups.
	TableFunc bool
	// Aggregate reports that the query at the depth of Limit returns
	// groups, not a table's rows: GROUP BY, SELECT DISTINCT, or an
	// aggregate in its select list (count(*), sum(x); not count(*) OVER
	// (...), a window over rows). Its LIMIT pages through a result that
	// has no row groups.
	Aggregate bool
	// Count reports that the query at the depth of Limit returns one
	// number, the count of the rows it reads: its select list is
	// count(*) or count(expr) alone (not DISTINCT), with no GROUP BY or
	// HAVING. The counts of a table's pages add up to the table's.
	Count bool
	// Row is the one row the statement writes per run, if it writes one.
	Row RowWrite
	// Sample is the row count of a USING SAMPLE n ROWS (or TABLESAMPLE)
	// at the depth of Limit.
	Sample *Operand
	// KeyFilter reports that the WHERE at the depth of Limit picks rows
	// by keys the program binds (WHERE team_id = ?, id IN (?, ?)).
	KeyFilter bool
	// Catalog reports that the query reads the catalog (the schema's
	// tables and columns), not a table's rows.
	Catalog bool
}

// Parse finds the shape of the statement t.
func Parse(t Text) Shape {
	toks := lex(t)
	s := parseTokens(toks)
	s.Row = rowWrite(toks, len(t))
	return s
}

// parseTokens finds the shape of a lexed statement. It never fails: what
// it does not recognise is left out of the shape.
func parseTokens(toks []Token) Shape {
	var s Shape
	s.Kind = kindOf(toks)

	limitAt := -1
	for i, tk := range toks {
		if isWord(tk, "LIMIT") && (limitAt < 0 || tk.Depth < toks[limitAt].Depth) {
			limitAt = i
		}
	}
	depth := 0
	if limitAt >= 0 {
		depth = toks[limitAt].Depth
		s.Limit = operandAt(toks, limitAt+1)
	} else {
		depth = minDepth(toks, "OFFSET")
	}
	orderAt := -1
	for i, tk := range toks {
		if tk.Depth != depth {
			continue
		}
		switch {
		case isWord(tk, "OFFSET") && s.Offset == nil:
			s.Offset = operandAt(toks, i+1)
		case isWord(tk, "ORDER") && i+1 < len(toks) && isWord(toks[i+1], "BY") && (limitAt < 0 || i < limitAt):
			s.OrderBy, orderAt = true, i
			s.OrderKey = orderKey(toks, i+2)
		}
	}
	if s.OrderKey != "" {
		for i := 0; i+2 < len(toks) && (orderAt < 0 || i < orderAt); i++ {
			if toks[i].Kind == Word && toks[i].Text == s.OrderKey && toks[i+1].Kind == Punct && isComparison(toks[i+1].Text) {
				if op := operandAt(toks, i+2); op != nil && op.Tok.Kind != Number {
					s.Keyset = op
					break
				}
			}
			if op := rowKeyset(toks, i, s.OrderKey); op != nil {
				s.Keyset = op
				break
			}
		}
	}
	s.TableFunc = readsTableFunc(toks, depth)
	s.Aggregate = aggregated(toks, depth)
	s.Count = counted(toks, depth)
	s.Sample = sample(toks, depth)
	s.KeyFilter = keyFilter(toks, depth)
	s.Catalog = readsCatalog(toks, depth)
	s.rowidRange(toks)
	if s.Kind == Attach || s.Kind == Copy {
		s.options(toks)
	}
	return s
}

func kindOf(toks []Token) Kind {
	for _, tk := range toks {
		if tk.Kind != Word {
			if tk.Text == "(" {
				continue // (SELECT ...) UNION ...
			}
			return Other
		}
		switch tk.Text {
		case "SELECT", "WITH", "FROM", "VALUES", "TABLE":
			return Read
		case "INSERT":
			return Insert
		case "CREATE":
			return Create
		case "COPY":
			return Copy
		case "ATTACH":
			return Attach
		case "BEGIN", "START":
			return Begin
		case "COMMIT", "END":
			return Commit
		case "ROLLBACK", "ABORT":
			return Rollback
		}
		return Other
	}
	return Other
}

// readsTableFunc reports whether FROM or JOIN at depth is followed by a
// table function call or a string (a file path DuckDB scans by its
// extension).
func readsTableFunc(toks []Token, depth int) bool {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Depth != depth || !isWord(toks[i], "FROM") && !isWord(toks[i], "JOIN") {
			continue
		}
		next := toks[i+1]
		if next.Kind == String {
			return true
		}
		// schema.fn(...) is a call too.
		j := i + 1
		for j+2 < len(toks) && toks[j].Kind == Word && toks[j+1].Text == "." && toks[j+2].Kind == Word {
			j += 2
		}
		if toks[j].Kind == Word && j+1 < len(toks) && toks[j+1].Kind == Punct && toks[j+1].Text == "(" {
			return true
		}
	}
	return false
}

// aggregates are DuckDB's aggregate functions a select list pages over
// (the common ones; an aggregate missing here leaves the query a walk).
var aggregates = map[string]bool{
	"COUNT": true, "SUM": true, "AVG": true, "MIN": true, "MAX": true, "LIST": true, "ARRAY_AGG": true,
	"STRING_AGG": true, "GROUP_CONCAT": true, "FIRST": true, "LAST": true, "ANY_VALUE": true, "ARG_MIN": true,
	"ARG_MAX": true, "MEDIAN": true, "MODE": true, "QUANTILE": true, "QUANTILE_CONT": true, "QUANTILE_DISC": true,
	"APPROX_COUNT_DISTINCT": true, "APPROX_QUANTILE": true, "BOOL_AND": true, "BOOL_OR": true, "HISTOGRAM": true,
	"STDDEV": true, "STDDEV_POP": true, "STDDEV_SAMP": true, "VARIANCE": true, "VAR_POP": true, "VAR_SAMP": true,
	"FSUM": true, "PRODUCT": true, "BIT_AND": true, "BIT_OR": true, "BIT_XOR": true, "ENTROPY": true, "KURTOSIS": true, "SKEWNESS": true,
}

// counted reports whether the query at depth selects count(*) or
// count(expr) alone, not DISTINCT, and neither groups (GROUP BY) nor
// filters groups (HAVING): one count of the rows it reads.
func counted(toks []Token, depth int) bool {
	sel := -1
	for i, tk := range toks {
		if tk.Depth != depth {
			continue
		}
		switch {
		case isWord(tk, "GROUP") && i+1 < len(toks) && isWord(toks[i+1], "BY"), isWord(tk, "HAVING"):
			return false
		case isWord(tk, "SELECT") && sel < 0:
			sel = i
		}
	}
	// SELECT count ( ... ) [[AS] name] FROM
	i := sel + 1
	if sel < 0 || i+2 >= len(toks) || !isWord(toks[i], "COUNT") || toks[i+1].Text != "(" || isWord(toks[i+2], "DISTINCT") {
		return false
	}
	i += 2
	for i < len(toks) && !(toks[i].Text == ")" && toks[i].Depth == depth) {
		i++
	}
	i++ // past the call's closing parenthesis
	if i < len(toks) && isWord(toks[i], "AS") {
		i++
	}
	if i < len(toks) && toks[i].Kind == Word && !isWord(toks[i], "FROM") {
		i++ // an alias
	}
	return i < len(toks) && isWord(toks[i], "FROM")
}

// aggregated reports whether the query at depth groups its rows: GROUP BY
// or HAVING at depth, SELECT DISTINCT, or an aggregate call (not a
// window: no OVER after it) between SELECT and FROM; or whether it reads
// FROM a subquery that does.
func aggregated(toks []Token, depth int) bool {
	selectList := false
	for i, tk := range toks {
		if tk.Depth != depth {
			continue
		}
		switch {
		case (isWord(tk, "FROM") || isWord(tk, "JOIN")) && i+2 < len(toks) && toks[i+1].Text == "(" && isWord(toks[i+2], "SELECT"):
			selectList = false
			end := i + 2
			for end < len(toks) && !(toks[end].Text == ")" && toks[end].Depth <= toks[i+1].Depth) {
				end++
			}
			if aggregated(toks[i+2:end], toks[i+2].Depth) {
				return true
			}
		case isWord(tk, "GROUP") && i+1 < len(toks) && isWord(toks[i+1], "BY"), isWord(tk, "HAVING"):
			return true
		case isWord(tk, "SELECT"):
			selectList = true
			if i+1 < len(toks) && isWord(toks[i+1], "DISTINCT") {
				return true
			}
		case isWord(tk, "FROM"):
			selectList = false
		case selectList && tk.Kind == Word && aggregates[tk.Text] && i+1 < len(toks) && toks[i+1].Text == "(":
			// The call's closing parenthesis, then OVER for a window.
			j := i + 2
			for j < len(toks) && !(toks[j].Text == ")" && toks[j].Depth == depth) {
				j++
			}
			if j+1 >= len(toks) || !isWord(toks[j+1], "OVER") {
				return true
			}
		}
	}
	return false
}

func (s *Shape) rowidRange(toks []Token) {
	for i := 0; i+2 < len(toks); i++ {
		if !isWord(toks[i], "ROWID") {
			continue
		}
		op := toks[i+1]
		switch {
		case isWord(op, "BETWEEN"):
			lo := operandAt(toks, i+2)
			if lo != nil && i+4 < len(toks) && isWord(toks[i+3], "AND") {
				if hi := operandAt(toks, i+4); hi != nil {
					s.RowidLo, s.RowidHi, s.HiInclusive = lo, hi, true
					return
				}
			}
		case op.Kind == Punct && (op.Text == ">=" || op.Text == ">"):
			if s.RowidLo == nil {
				s.RowidLo = operandAt(toks, i+2)
			}
		case op.Kind == Punct && (op.Text == "<" || op.Text == "<="):
			if s.RowidHi == nil {
				s.RowidHi = operandAt(toks, i+2)
				s.HiInclusive = op.Text == "<="
			}
		}
	}
	if s.RowidLo == nil || s.RowidHi == nil {
		s.RowidLo, s.RowidHi, s.HiInclusive = nil, nil, false
	}
}

func (s *Shape) options(toks []Token) {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Depth == 0 || toks[i].Kind != Word {
			continue
		}
		if op := operandAt(toks, i+1); op != nil {
			if s.Options == nil {
				s.Options = make(map[string]*Operand)
			}
			if _, dup := s.Options[toks[i].Text]; !dup {
				s.Options[toks[i].Text] = op
			}
		} else if i+1 < len(toks) && toks[i+1].Kind == Word && toks[i+1].Depth == toks[i].Depth {
			// FORMAT parquet: a bare word value.
			if s.Options == nil {
				s.Options = make(map[string]*Operand)
			}
			if _, dup := s.Options[toks[i].Text]; !dup {
				s.Options[toks[i].Text] = &Operand{Tok: toks[i+1]}
			}
		}
	}
}

// operandAt returns the operand token at i: a number, a string, a
// placeholder or a hole.
func operandAt(toks []Token, i int) *Operand {
	if i < 0 || i >= len(toks) {
		return nil
	}
	switch toks[i].Kind {
	case Number, Placeholder, Hole, String:
		return &Operand{Tok: toks[i]}
	}
	return nil
}

func orderKey(toks []Token, i int) string {
	if i >= len(toks) || toks[i].Kind != Word {
		return ""
	}
	key := toks[i].Text
	// t.id: the key is the column after the qualifier.
	if i+2 < len(toks) && toks[i+1].Text == "." && toks[i+2].Kind == Word {
		key = toks[i+2].Text
	}
	return key
}

func minDepth(toks []Token, word string) int {
	d := -1
	for _, tk := range toks {
		if isWord(tk, word) && (d < 0 || tk.Depth < d) {
			d = tk.Depth
		}
	}
	if d < 0 {
		return 0
	}
	return d
}

func isWord(tk Token, w string) bool { return tk.Kind == Word && tk.Text == w }

func isComparison(op string) bool {
	return op == ">" || op == ">=" || op == "<" || op == "<="
}

// rowKeyset returns the operand that bounds key in a row comparison
// starting at toks[i], the keyset walk of a composite key:
// (ts, id) > (?, ?) with key TS gives the first ?. The key must be the
// row's first column, as ORDER BY ts, id sorts by it first.
func rowKeyset(toks []Token, i int, key string) *Operand {
	if toks[i].Kind != Punct || toks[i].Text != "(" {
		return nil
	}
	j := i + 1
	// t.ts: the column after the qualifier.
	if j+2 < len(toks) && toks[j].Kind == Word && toks[j+1].Text == "." && toks[j+2].Kind == Word {
		j += 2
	}
	if j >= len(toks) || toks[j].Kind != Word || toks[j].Text != key {
		return nil
	}
	// The closing parenthesis of the row, then the comparison and the
	// other row.
	depth := toks[i].Depth
	for j++; j < len(toks); j++ {
		if toks[j].Kind == Punct && toks[j].Text == ")" && toks[j].Depth == depth {
			break
		}
	}
	if j+3 >= len(toks) || toks[j+1].Kind != Punct || !isComparison(toks[j+1].Text) || toks[j+2].Text != "(" {
		return nil
	}
	if op := operandAt(toks, j+3); op != nil && op.Tok.Kind != Number {
		return op
	}
	return nil
}
