module github.com/marcboeker/go-duckdb

go 1.26
