module example.com/fixtures

go 1.26

require (
	github.com/duckdb/duckdb-go/v2 v2.10506.0
	github.com/lib/pq v1.10.9
	github.com/marcboeker/go-duckdb v1.8.5
	github.com/marcboeker/go-duckdb/v2 v2.4.3
	github.com/rowalign/rowalign v0.0.0
)

replace (
	github.com/duckdb/duckdb-go/v2 => ../../../testdata/stubs/duckdb-go
	github.com/lib/pq => ../../../testdata/stubs/pq
	github.com/marcboeker/go-duckdb => ../../../testdata/stubs/go-duckdb
	github.com/marcboeker/go-duckdb/v2 => ../../../testdata/stubs/go-duckdb-v2
	github.com/rowalign/rowalign => ../../../testdata/stubs/rowalign
)
