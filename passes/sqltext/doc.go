// Package sqltext reconstructs the SQL text passed to database/sql at
// each call site of a DuckDB client package, and parses its shape.
//
// For every call of Query, QueryContext, QueryRow, QueryRowContext, Exec,
// ExecContext, Prepare and PrepareContext (on *sql.DB, *sql.Tx, *sql.Conn,
// or any type with the same method shape) and for statements prepared
// earlier in the same function, Find rebuilds the SQL text from
// string constants, concatenation (+), fmt.Sprintf and fmt.Sprint,
// strconv.Itoa, strconv.FormatInt, and local variables assigned once. A
// Go value put into the text (by %d, strconv or concatenation) stays in
// the text as a hole that keeps its expression, so later passes can
// trace LIMIT 250000 back to where 250000 was written. Text Find
// cannot see (a function result, a builder) is a hole too.
//
// Find reports nothing; the rowalign checks call it only in packages
// scope.Of put in scope. Shape parses the text far enough to find what rowalign needs:
// the statement kind, LIMIT, OFFSET, ORDER BY, rowid ranges, keyset
// predicates and ROW_GROUP_SIZE options.
package sqltext
