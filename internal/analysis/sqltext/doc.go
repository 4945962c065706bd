// Package sqltext reconstructs the SQL text passed to database/sql at
// each call site of a DuckDB client package, and parses its shape.
//
// For every call of Query, QueryContext, QueryRow, QueryRowContext, Exec,
// ExecContext, Prepare and PrepareContext (on *sql.DB, *sql.Tx, *sql.Conn,
// or any type with the same method shape), of sqlx's Select, Get, Queryx,
// QueryRowx, MustExec, NamedQuery, NamedExec and their Context forms (on
// sqlx's types only: Get and Select mean SQL nowhere else), of sqlx's
// package-level Select, Get, MustExec, NamedQuery, NamedExec and their
// Context forms (whose handle argument is the Query's Recv), and for
// statements prepared earlier in the same function, Find rebuilds the SQL
// text from string constants, concatenation (+), fmt.Sprintf and
// fmt.Sprint, strconv.Itoa, strconv.FormatInt, local variables assigned
// once, and local strings.Builder values (WriteString, WriteByte,
// WriteRune, fmt.Fprintf and fmt.Fprint into it, from its last Reset; one
// handed to another function is a hole). Named parameters ($lim) take the
// value of their sql.Named("lim", n) argument; sqlx's named parameters
// (:lim) the value sqlx binds to them: the entry "lim" of a map literal,
// or the field of a struct literal tagged db:"lim" (or named Lim, as
// sqlx's default mapper lower-cases names). The text and arguments of
// sqlx.In(q, ids, n, off), rebound by Rebind and run with args..., are
// q's and In's own, placeholder for placeholder. A
// Go value put into the text (by %d, strconv or concatenation) stays in
// the text as a hole that keeps its expression, so later passes can
// trace LIMIT 250000 back to where 250000 was written. A call of the
// package's own function or method that returns a string is read through
// its return statements (func insertSQL() string { return "INSERT ..." },
// a method that builds an upsert in a strings.Builder), when they all
// read the same; text Find cannot see (another package's function, a
// function whose returns differ) is a hole too.
//
// Find reports nothing; the rowalign checks call it only in packages
// scope.Of put in scope. Shape parses the text far enough to find what rowalign needs:
// the statement kind, LIMIT, OFFSET, ORDER BY, rowid ranges, keyset
// predicates and ROW_GROUP_SIZE options.
package sqltext
