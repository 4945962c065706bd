module github.com/rowalign/rowalign/examples

go 1.26

require github.com/duckdb/duckdb-go/v2 v2.10506.0

// The examples are linted, not run: a type-only stub of the driver keeps
// them free of cgo, so the first command in the README runs in seconds.
replace github.com/duckdb/duckdb-go/v2 => ../testdata/stubs/duckdb-go
