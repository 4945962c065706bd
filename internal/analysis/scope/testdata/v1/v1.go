package v1

import _ "github.com/marcboeker/go-duckdb"
