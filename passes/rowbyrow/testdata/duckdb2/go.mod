module example.com/duckdb2

go 1.26

require github.com/duckdb/duckdb-go/v2 v2.20000.0

replace github.com/duckdb/duckdb-go/v2 => ../../../../testdata/stubs/duckdb-go
