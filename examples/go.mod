module github.com/rowalign/rowalign/examples

go 1.26.0

// The examples are linted, not run: a type-only stub of the driver keeps
// them free of cgo, so the first command in the README runs in seconds.
replace github.com/duckdb/duckdb-go/v2 => ../testdata/stubs/duckdb-go

// rowalign itself, from this checkout: go tool rowalign ./...
replace github.com/rowalign/rowalign => ../

// The pager, which rowalign -fix brings in when it rewrites a walk: a
// module of its own, with no requirements (README: What your module
// inherits).
replace github.com/rowalign/rowalign/runtime => ../runtime

tool github.com/rowalign/rowalign/cmd/rowalign

require (
	github.com/duckdb/duckdb-go/v2 v2.10506.0
	github.com/rowalign/rowalign/runtime v0.0.0-00010101000000-000000000000
)

require (
	github.com/rowalign/rowalign v0.0.0-00010101000000-000000000000 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
