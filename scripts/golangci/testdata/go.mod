module example.com/gclfixture

go 1.26

require (
	github.com/duckdb/duckdb-go/v2 v2.10506.0
	github.com/rowalign/rowalign v0.0.0
)

replace (
	github.com/duckdb/duckdb-go/v2 => ../../../testdata/stubs/duckdb-go
	github.com/rowalign/rowalign => ../../../testdata/stubs/rowalign
)
