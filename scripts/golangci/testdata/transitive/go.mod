module example.com/transitive

go 1.26

require (
	github.com/duckdb/duckdb-go/v2 v2.10506.0
	github.com/lib/pq v1.10.9
)
