package app // want `links DuckDB 2.0.0`

import _ "github.com/duckdb/duckdb-go/v2"
