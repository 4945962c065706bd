module example.com/corpus

go 1.26

require (
	github.com/duckdb/duckdb-go/v2 v2.10506.0
	github.com/go-sql-driver/mysql v1.9.3
	github.com/jackc/pgx/v5 v5.7.6
	github.com/jmoiron/sqlx v1.4.0
	github.com/lib/pq v1.10.9
	github.com/marcboeker/go-duckdb v1.8.5
	github.com/marcboeker/go-duckdb/v2 v2.4.3
	github.com/mattn/go-sqlite3 v1.14.32
	github.com/rowalign/rowalign v0.0.0
	github.com/spf13/pflag v1.0.10
	golang.org/x/sync v0.17.0
	modernc.org/sqlite v1.39.0
)

replace (
	github.com/duckdb/duckdb-go/v2 => ../stubs/duckdb-go
	github.com/go-sql-driver/mysql => ../stubs/mysql
	github.com/jackc/pgx/v5 => ../stubs/pgx
	github.com/jmoiron/sqlx => ../stubs/sqlx
	github.com/lib/pq => ../stubs/pq
	github.com/marcboeker/go-duckdb => ../stubs/go-duckdb
	github.com/marcboeker/go-duckdb/v2 => ../stubs/go-duckdb-v2
	github.com/mattn/go-sqlite3 => ../stubs/go-sqlite3
	github.com/rowalign/rowalign => ../stubs/rowalign
	github.com/spf13/pflag => ../stubs/pflag
	golang.org/x/sync => ../stubs/x-sync
	modernc.org/sqlite => ../stubs/modernc-sqlite
)
