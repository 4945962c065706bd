// Command rowalign-db finds the damage misaligned loads left in DuckDB
// files and rewrites it away:
//
//	rowalign-db audit [-json] [-fail-fill pct] [-fail-free pct] file.duckdb...   # read-only report
//	rowalign-db repair [-table t] [-apply] [-v] file.duckdb     # rewrite tables in whole row groups
//	rowalign-db compact [-apply] [-backup f] [-allow-larger] [-v] file.duckdb  # rewrite the whole file, swap it in if smaller
//	rowalign-db demo [-rows n] [-commit n] new.duckdb           # write the demo table, damaged or not
//
// The audit reads pragma_storage_info and pragma_database_size: per table
// the rows, row groups, partial groups, fill, deleted rows still stored and
// stored bytes; per file the free blocks a compaction returns; and an
// estimate of what an aligned rewrite saves. Repair and compact are dry
// runs unless -apply is given. See docs/audit.md.
//
// It links DuckDB 2.0.0 (github.com/duckdb/duckdb-go/v2 v2.20000.0), which
// reads storage versions 64 to 69 (DuckDB 1.0 to 2.0's files); repair and
// compact write a file back in the storage version it had, so a file
// DuckDB 1.5 opened before still opens in DuckDB 1.5 after. The analyser
// cmd/rowalign links no DuckDB.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

// Exit statuses, listed in every command's help (exitStatuses).
const (
	exitOK = 0
	// exitError: an error while running (a file another process holds, a
	// write-ahead log DuckDB cannot replay, a refused table, a failed
	// verification).
	exitError = 1
	// exitUsage: bad flags, or an input no command can use (a missing
	// path, not a DuckDB database file, a read-only file to rewrite, a
	// storage version repair and compact cannot write back, a
	// hard-linked file or an unusable backup for compact); nothing was
	// changed.
	exitUsage = 2
	// exitUnderFilled: audit -fail-fill found a table less full than
	// asked, or -fail-free a file with more free blocks.
	exitUnderFilled = 3
)

// exitStatuses documents the exit statuses; TestExitStatuses produces each.
const exitStatuses = `Exit status: 0 done; 1 an error while running (a file another process
holds, a write-ahead log DuckDB cannot replay, a refused table, a failed
verification); 2 bad flags, or an input no command can use (a missing
path, not a DuckDB database file, a read-only file to rewrite, a storage
version repair and compact cannot write back, for compact a hard-linked
file or an unusable backup), nothing changed; 3 audit -fail-fill found a
table less full than asked, or -fail-free a file with more free space.
`

// failure prints err on one line, DuckDB's words whole but the stack
// trace its internal errors carry (storage.DuckDBWords), and returns its
// exit status: exitUsage for an input the command cannot use, exitError
// for anything else.
func failure(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "rowalign-db %s: %s\n", cmd, storage.DuckDBWords(err.Error()))
	if errors.Is(err, storage.ErrInput) {
		return exitUsage
	}
	return exitError
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, nil)
	stop()
	os.Exit(code)
}

// commands maps a subcommand to its runner. pause (nil outside tests) is
// the hook repair and compact call at each step.
var commands = map[string]func(ctx context.Context, args []string, stdout, stderr io.Writer, pause func(string)) int{
	"audit":   runAudit,
	"repair":  runRepair,
	"compact": runCompact,
	"demo":    runDemo,
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: rowalign-db <command> [flags] file.duckdb...

Commands:
  audit    report every table's row groups, fill, deleted rows and stored
           bytes, and every file's free blocks (read-only)
  repair   rewrite damaged tables in whole row groups, in place
           (a dry run that prints the plan unless -apply)
  compact  rewrite the whole database into a new file in whole row groups
           and swap it in atomically (a dry run unless -apply)
  demo     write the 29-column demo table into a new file, loaded in
           commits of -commit rows (the damage audit finds)

Every command first checks that its file is a DuckDB database file (its
header), and works on the file a symbolic link names.
"rowalign-db <command> -h" lists the command's flags. See docs/audit.md.

`+exitStatuses)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer, pause func(string)) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stdout)
		return exitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "rowalign-db: unknown command %q\n\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return cmd(ctx, args[1:], stdout, stderr, pause)
}
