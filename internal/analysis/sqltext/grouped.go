package sqltext

// Grouped reports whether a query returns one row per group of what it
// reads, not one per stored row: GROUP BY, or SELECT DISTINCT, at the
// top level. Appending its rows is writing a summary, one row per key.
func Grouped(t Text) bool {
	toks := lex(t)
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Depth != 0 {
			continue
		}
		if isWord(toks[i], "GROUP") && isWord(toks[i+1], "BY") || isWord(toks[i], "SELECT") && isWord(toks[i+1], "DISTINCT") {
			return true
		}
	}
	return false
}
