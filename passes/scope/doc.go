// Package scope defines an Analyzer that decides whether a package is
// DuckDB client code, and which database handles in it belong to another
// engine.
//
// # Analyzer scope
//
// scope: decide whether a package is DuckDB client code
//
// A package is in scope when it imports, directly or through its
// dependencies, a DuckDB driver (github.com/duckdb/duckdb-go/v2,
// github.com/marcboeker/go-duckdb or github.com/marcboeker/go-duckdb/v2),
// or when it opens one by name with sql.Open("duckdb", ...). With
// -scope=all every package is in scope.
//
// The analyzer reports nothing. Its result lets the other rowalign passes
// return at once on packages that are not DuckDB code, which is most of
// any build, and tells them which *sql.DB, *sql.Tx and *sql.Conn values
// provably come from another engine (sql.Open("postgres", ...)), so that a
// walk over PostgreSQL in a package that also uses DuckDB stays silent.
package scope
