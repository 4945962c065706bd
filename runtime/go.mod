// The pager and the loader: no requirements at all, so a module that
// imports them inherits nothing (README, "What your module inherits"). Their
// tests against DuckDB are in the duckdb module (../duckdb/runtimetest).
module github.com/rowalign/rowalign/runtime

go 1.26.0
