package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

func runRepair(ctx context.Context, args []string, stdout, stderr io.Writer, pause func(string)) int {
	fs := newFlags("repair", "file.duckdb", stderr, `Repair rewrites a table, or every table the audit finds damaged (a partial
group before the last, or deleted rows still stored), in whole row groups,
inside its database: one transaction per table that renames the original,
recreates the table from DuckDB's catalog (columns, types, defaults,
constraints, comments), copies the rows in one INSERT, verifies them
(count and a checksum over every column), drops the original and recreates
its indexes; then CHECKPOINT. Without -apply it prints the plan and
changes nothing. A long run says what it is doing on stderr every few
seconds (-progress; by default when stderr is a terminal); -v prints
where the time went. It refuses views, temporary tables, tables in a foreign
key, a file another process holds, and a storage version it cannot write
back (the file keeps the version it has, 64 to 69).
The file keeps the blocks the old table used, as free blocks: compact
returns them.
`+exitStatuses)
	table := fs.String("table", "", "repair only this `table` (table or schema.table; default: every damaged table)")
	apply := fs.Bool("apply", false, "rewrite the tables (default: print the plan only)")
	asJSON := fs.Bool("json", false, "print the plan or the result as JSON")
	verbose := fs.Bool("v", false, "print where the time went, phase by phase, on stderr")
	showProgress := progressFlag(fs)
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	path := fs.Arg(0)
	fail := func(err error) int { return failure(stderr, "repair", err) }
	// The file a link names: DuckDB resolves links too (its write-ahead
	// log goes next to the file), and the sizes below are the file's.
	file, err := storage.DatabaseFile(path)
	if err != nil {
		return fail(err)
	}
	// The file keeps its storage version: DuckDB writes into a file in
	// the version it has, and one this DuckDB cannot write is refused
	// (the dry run says so too); the headers are read again at the end.
	version, err := storage.WritableVersion(file, "repair")
	if err != nil {
		return fail(err)
	}
	dsn := file
	if *apply {
		if err := storage.CheckWritable(file); err != nil {
			return fail(err)
		}
	} else {
		dsn += "?access_mode=read_only"
	}
	db, err := sql.Open("duckdb", dsn)
	if err != nil {
		return fail(storage.OpenError(file, err, *apply))
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return fail(storage.OpenError(file, err, *apply))
	}
	defer conn.Close()
	sizeBefore := fileSize(file)
	r, err := storage.Audit(ctx, conn)
	if err != nil {
		return fail(err)
	}
	targets, err := pick(r, *table)
	if err != nil {
		return fail(err)
	}
	if len(targets) == 0 {
		if *asJSON {
			return printJSON(stdout, []*storage.RepairPlan{})
		}
		fmt.Fprintf(stdout, "%s: no damaged table (no partial group before the last, no deleted rows stored); nothing to do\n", path)
		return exitOK
	}
	var plans []*storage.RepairPlan
	for _, t := range targets {
		p, err := storage.PlanRepair(ctx, conn, t)
		if err != nil {
			return fail(err)
		}
		plans = append(plans, p)
	}
	if !*apply {
		if *asJSON {
			return printJSON(stdout, plans)
		}
		for _, p := range plans {
			t := p.Table
			fmt.Fprintf(stdout, "would rewrite %s: %s rows in %s (%d partial, fill %.1f%%, %s deleted rows stored) -> %s; estimate saves %s\n",
				t.Name, thousands(t.Rows), plural(t.Groups(), "group"), t.Partial, t.Fill, thousands(t.Deleted), plural(t.Estimate.Groups, "group"), mb(t.Estimate.SavedBytes))
			fmt.Fprintln(stdout, "  in one transaction:")
			for _, s := range p.Statements {
				fmt.Fprintf(stdout, "    %s;\n", oneLine(s))
			}
			fmt.Fprintln(stdout, "  the copy is verified (count and checksum over every column) before the original is dropped")
		}
		fmt.Fprintln(stdout, "dry run: nothing changed; -apply rewrites")
		return exitOK
	}
	var results []*storage.RepairResult
	prog := startProgress(wantProgress(fs, *showProgress, stderr), stderr, "repair")
	defer prog.stop()
	for i, p := range plans {
		opt := storage.RepairOptions{Pause: pause}
		if hook := prog.hook(); hook != nil {
			// Apply knows its one table; the run, how many there are.
			opt.Status = func(s storage.Status) { s.Index, s.Tables = i, len(plans); hook(s) }
		}
		res, err := p.Apply(ctx, conn, opt)
		if err != nil {
			return fail(err)
		}
		results = append(results, res)
		if *verbose {
			printPhases(stderr, "repair "+p.Table.Name.String(), res.Phases)
		}
		if !*asJSON {
			b, a := res.Before, res.After
			fmt.Fprintf(stdout, "rewrote %s: verified %s\n", b.Name, res.Sum)
			fmt.Fprintf(stdout, "  before: %s, %d partial, fill %.1f%%, %s deleted, %s stored\n", plural(b.Groups(), "group"), b.Partial, b.Fill, thousands(b.Deleted), mb(b.StoredBytes))
			fmt.Fprintf(stdout, "  after:  %s, %d partial, fill %.1f%%, %s deleted, %s stored\n", plural(a.Groups(), "group"), a.Partial, a.Fill, thousands(a.Deleted), mb(a.StoredBytes))
		}
	}
	after, err := storage.Audit(ctx, conn)
	if err != nil {
		return fail(err)
	}
	conn.Close()
	if err := db.Close(); err != nil {
		return fail(err)
	}
	if err := storage.CheckKept(file, version); err != nil {
		return fail(fmt.Errorf("%w: DuckDB wrote the repaired tables in another storage version than the file had", err))
	}
	sizeAfter := fileSize(file)
	var free int64
	for _, f := range after.Files {
		free += f.FreeBytes
	}
	if *asJSON {
		return printJSON(stdout, map[string]any{"results": results, "file_bytes_before": sizeBefore, "file_bytes_after": sizeAfter, "free_bytes_after": free})
	}
	fmt.Fprintf(stdout, "file %s: %s before, %s after, %s of it free blocks", path, mb(sizeBefore), mb(sizeAfter), mb(free))
	if free > 0 {
		fmt.Fprintf(stdout, " (a DuckDB file never shrinks by itself: rowalign-db compact -apply returns them)")
	}
	fmt.Fprintln(stdout)
	return exitOK
}

// pick chooses the tables to repair: the named one, or the damaged ones.
func pick(r *storage.Report, name string) ([]storage.Table, error) {
	var out []storage.Table
	if name == "" {
		for _, t := range r.Tables {
			if t.Damaged() {
				out = append(out, t)
			}
		}
		return out, nil
	}
	schema, table, ok := strings.Cut(name, ".")
	if !ok {
		schema, table = "", name
	}
	for _, t := range r.Tables {
		if (schema == "" || strings.EqualFold(t.Schema, schema)) && strings.EqualFold(t.Table, table) {
			out = append(out, t)
		}
	}
	switch {
	case len(out) == 0:
		return nil, fmt.Errorf("no table %s", name)
	case len(out) > 1:
		return nil, fmt.Errorf("%s names tables in %d schemas: write schema.table", name, len(out))
	}
	return out, nil
}

func printJSON(w io.Writer, v any) int {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return exitError
	}
	return exitOK
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}
