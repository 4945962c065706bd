package bench

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// DemoRows is the demo table's size: the 1,000,000-row table of the
// project's measurements (docs/measurements.md, 2026-11-30).
const DemoRows = 1_000_000

// DemoTable is the demo table's name.
const DemoTable = "demo"

// demoColumns are the demo table's 29 columns: the column types of
// the table behind docs/measurements.md
// (BIGINT, INTEGER, DOUBLE, VARCHAR, DATE, TIMESTAMP, BOOLEAN, DECIMAL),
// computed from the row number i so that the file is the same on every run.
var demoColumns = []string{
	"i::BIGINT AS id",
	"(i * 7919) % 1000003 AS b1", "i // 3 AS b2", "hash(i) % 1000000 AS b3", "i * 2 AS b4",
	"(i % 1000)::INTEGER AS n1", "(i % 97)::INTEGER AS n2", "(i % 100000)::INTEGER AS n3", "(i // 1000)::INTEGER AS n4",
	"i / 7.0 AS d1", "sqrt(i) AS d2", "(i % 1000) * 0.25 AS d3", "sin(i) AS d4",
	"'user-' || (i % 50000) AS s1", "'event ' || (i % 37) AS s2", "md5(i::VARCHAR) AS s3", "repeat('x', (i % 20)::INTEGER) AS s4", "printf('%08d', i) AS s5",
	"DATE '2020-01-01' + (i % 2000)::INTEGER AS dt1", "DATE '2024-06-01' + (i % 30)::INTEGER AS dt2", "DATE '2000-01-01' + (i // 1000)::INTEGER AS dt3",
	"TIMESTAMP '2024-01-01' + to_seconds(i) AS ts1", "TIMESTAMP '2025-01-01' + to_milliseconds(i) AS ts2", "TIMESTAMP '2020-01-01' + to_minutes(i % 100000) AS ts3",
	"i % 2 = 0 AS f1", "i % 3 = 0 AS f2",
	"(i % 100000 / 100.0)::DECIMAL(18,3) AS m1", "(i * 1.5)::DECIMAL(18,3) AS m2", "((i % 777) / 7.0)::DECIMAL(18,3) AS m3",
}

// Generate writes the demo table with rows rows into the DuckDB file at path
// in one statement (so its row groups come out whole) and checkpoints it.
func Generate(ctx context.Context, path string, rows int64) error {
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return err
	}
	defer db.Close()
	q := fmt.Sprintf(`CREATE TABLE %s AS SELECT %s FROM (SELECT range AS i FROM range(%d))`, DemoTable, strings.Join(demoColumns, ", "), rows)
	if _, err := db.ExecContext(ctx, q); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `CHECKPOINT`)
	return err
}
