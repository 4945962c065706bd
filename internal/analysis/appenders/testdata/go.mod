module example.com/fixtures

go 1.26

require (
	github.com/duckdb/duckdb-go/v2 v2.10506.0
	github.com/marcboeker/go-duckdb v1.8.5
	github.com/marcboeker/go-duckdb/v2 v2.4.3
)

replace (
	github.com/duckdb/duckdb-go/v2 => ../../../../testdata/stubs/duckdb-go
	github.com/marcboeker/go-duckdb => ../../../../testdata/stubs/go-duckdb
	github.com/marcboeker/go-duckdb/v2 => ../../../../testdata/stubs/go-duckdb-v2
)
