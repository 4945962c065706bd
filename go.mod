// The analyser: no DuckDB driver, so a module that adds the tool does not
// inherit one (README, "What your module inherits"). The runtime and duckdb
// (every package that links DuckDB) are the two other modules; go.work lists
// all three.
module github.com/rowalign/rowalign

go 1.26.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/rogpeppe/go-internal v1.16.0
	golang.org/x/mod v0.42.0
	golang.org/x/tools v0.52.0
)

require (
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)
