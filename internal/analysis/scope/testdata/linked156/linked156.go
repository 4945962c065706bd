package linked156 // want `links DuckDB 1.5.6`

import _ "github.com/duckdb/duckdb-go/v2"
