module github.com/marcboeker/go-duckdb/v2

go 1.26
