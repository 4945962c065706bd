module example.com/settings

go 1.26

require github.com/duckdb/duckdb-go/v2 v2.10506.0

// settings_test.go rewrites this path to the checkout's absolute one in its
// copy of the module.
replace github.com/duckdb/duckdb-go/v2 => ../../../../testdata/stubs/duckdb-go
