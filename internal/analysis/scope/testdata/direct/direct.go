package direct

import _ "github.com/duckdb/duckdb-go/v2"
