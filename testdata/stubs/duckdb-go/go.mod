module github.com/duckdb/duckdb-go/v2

go 1.26
