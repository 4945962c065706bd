package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer, _ func(string)) int {
	fs := newFlags("demo", "new.duckdb", stderr, `Demo writes the demo table (29 columns: BIGINT, INTEGER, DOUBLE, VARCHAR,
DATE, TIMESTAMP, BOOLEAN, DECIMAL) into a new file, loaded in commits of
-commit rows (INSERT ... SELECT, one commit each), then CHECKPOINT: the
damage a misaligned load leaves, for audit, repair and compact to find.
The file is in the storage version of the DuckDB rowalign-db links (69 for
DuckDB 2.0.0, which DuckDB before 2.0 cannot open); the last line says it.
`)
	rows := fs.Int64("rows", bench.DemoRows, "rows of the demo table")
	commit := fs.Int64("commit", 0, "load in commits of this many `rows` (0: one statement, whole row groups)")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 || *rows < 1 || *commit < 0 {
		fs.Usage()
		return exitUsage
	}
	if err := writeDemo(ctx, fs.Arg(0), *rows, *commit); err != nil {
		fmt.Fprintln(stderr, "rowalign-db demo:", err)
		return exitError
	}
	st, _ := os.Stat(fs.Arg(0))
	fmt.Fprintf(stdout, "%s: table %s, %s rows, commits of %s rows, %s, %s\n", fs.Arg(0), bench.DemoTable, thousands(*rows), thousands(*commit), mb(st.Size()), demoVersion(fs.Arg(0)))
	return exitOK
}

// demoVersion says which storage version the demo file is in, and, for
// DuckDB 2.0's (69), that DuckDB before 2.0 cannot open it: the demo
// writes the version of the DuckDB rowalign-db links, not the user's.
func demoVersion(path string) string {
	v, err := storage.ReadVersion(path)
	if err != nil {
		return "storage version unreadable: " + err.Error()
	}
	if v.Number >= 69 {
		return v.String() + ", which DuckDB before 2.0 cannot open"
	}
	return v.String()
}

// writeDemo writes the demo table into the new file path: generated whole
// into a temporary file, then copied into path in commits of commit rows.
func writeDemo(ctx context.Context, path string, rows, commit int64) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s exists", path)
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if commit == 0 {
		return bench.Generate(ctx, path, rows)
	}
	src := path + ".demo-source"
	os.Remove(src)
	defer os.Remove(src)
	defer os.Remove(src + ".wal")
	if err := bench.Generate(ctx, src, rows); err != nil {
		return err
	}
	db, err := sql.Open("duckdb", path)
	if err != nil {
		return err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	stmts := []string{
		`ATTACH '` + strings.ReplaceAll(src, "'", "''") + `' AS demo_source (READ_ONLY)`,
		`CREATE TABLE ` + bench.DemoTable + ` AS SELECT * FROM demo_source.` + bench.DemoTable + ` LIMIT 0`,
	}
	for lo := int64(0); lo < rows; lo += commit {
		// One autocommit statement per commit, in id order, as a loader
		// that commits every n rows does.
		stmts = append(stmts, fmt.Sprintf(`INSERT INTO %s SELECT * FROM demo_source.%s WHERE id >= %d AND id < %d ORDER BY id`,
			bench.DemoTable, bench.DemoTable, lo, lo+commit))
	}
	stmts = append(stmts, `DETACH demo_source`, `CHECKPOINT`)
	for _, s := range stmts {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			return err
		}
	}
	return nil
}
