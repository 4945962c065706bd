package sqltext

// Series reports whether a query reads a row series DuckDB generates,
// range(...) or generate_series(...), with a bound set at run time (a
// placeholder or a Go value): INSERT INTO t SELECT ... FROM range(?, ?)
// writes hi - lo rows per run.
func Series(t Text) bool {
	toks := lex(t)
	for i := 0; i+2 < len(toks); i++ {
		if !isWord(toks[i], "FROM") && !isWord(toks[i], "JOIN") && !(toks[i].Kind == Punct && toks[i].Text == ",") {
			continue
		}
		fn, open := toks[i+1], toks[i+2]
		if !isWord(fn, "RANGE") && !isWord(fn, "GENERATE_SERIES") || open.Kind != Punct || open.Text != "(" {
			continue
		}
		for _, tk := range toks[i+3:] {
			if tk.Depth <= open.Depth {
				break // past the call's closing parenthesis
			}
			if tk.Kind == Placeholder || tk.Kind == Hole {
				return true
			}
		}
	}
	return false
}

// Values reports whether a statement has a VALUES list at the top level
// (INSERT ... VALUES), and whether that list has a Go value in it: a list
// built at run time, one statement for many rows.
func Values(t Text) (values, built bool) {
	for _, tk := range lex(t) {
		switch {
		case isWord(tk, "VALUES") && tk.Depth == 0:
			values = true
		case values && tk.Kind == Hole:
			return true, true
		}
	}
	return values, false
}
