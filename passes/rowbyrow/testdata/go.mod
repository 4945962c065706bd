module example.com/fixtures

go 1.26

require (
	github.com/duckdb/duckdb-go/v2 v2.10506.0
	github.com/marcboeker/go-duckdb v1.8.5
	github.com/jmoiron/sqlx v1.4.0
	github.com/lib/pq v1.10.9
	github.com/marcboeker/go-duckdb/v2 v2.4.3
	github.com/mattn/go-sqlite3 v1.14.22
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.10
)

replace (
	github.com/duckdb/duckdb-go/v2 => ../../../testdata/stubs/duckdb-go
	github.com/jmoiron/sqlx => ../../../testdata/stubs/sqlx
	github.com/lib/pq => ../../../testdata/stubs/pq
	github.com/marcboeker/go-duckdb => ../../../testdata/stubs/go-duckdb
	github.com/marcboeker/go-duckdb/v2 => ../../../testdata/stubs/go-duckdb-v2
	github.com/mattn/go-sqlite3 => ../../../testdata/stubs/go-sqlite3
	github.com/spf13/cobra => ../../../testdata/stubs/cobra
	github.com/spf13/pflag => ../../../testdata/stubs/pflag
)
