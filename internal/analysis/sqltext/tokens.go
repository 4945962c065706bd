package sqltext

// Tokens returns the tokens of t, as Parse reads them: for checks that
// need more of a statement than its Shape (rowbyrow reads the VALUES list
// and the WHERE clause of a write).
func Tokens(t Text) []Token { return lex(t) }

// Method returns the name of the method or sqlx function the query's
// call runs: Exec, ExecContext, QueryRow, NamedExec, ...
func (q *Query) Method() string { return q.method }
