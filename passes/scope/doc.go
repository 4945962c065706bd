// Package scope decides whether a package is DuckDB client code, and
// which database handles in it belong to another engine.
//
// A package is in scope when it imports, directly or through its
// dependencies, a DuckDB driver (github.com/duckdb/duckdb-go/v2,
// github.com/marcboeker/go-duckdb or github.com/marcboeker/go-duckdb/v2),
// or when it opens one by name with sql.Open("duckdb", ...), or when it
// imports a package named in -wrappers. With -scope=all every package is
// in scope.
//
// The dependency walk uses only what the type checker knows, never facts:
// loaded from source that is the whole import graph; under go vet it is
// the direct imports and the packages their export data mentions, so a
// driver blank-imported by the project's own db package is not seen there.
// -wrappers names such packages; forcing facts on every dependency would
// make go vet analyse all of them for every build.
//
// Of reports nothing. Its result lets the rowalign checks
// return at once on packages that are not DuckDB code, which is most of
// any build, and tells them which *sql.DB, *sql.Tx and *sql.Conn values
// provably come from another engine (sql.Open("postgres", ...)), so that a
// walk over PostgreSQL in a package that also uses DuckDB stays silent.
package scope
