package linkedold // want `links DuckDB 1.1.3`

import _ "github.com/marcboeker/go-duckdb"
