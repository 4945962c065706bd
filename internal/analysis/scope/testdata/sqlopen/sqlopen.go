package sqlopen

import "database/sql"

func open() (*sql.DB, error) { return sql.Open("duckdb", "") }
