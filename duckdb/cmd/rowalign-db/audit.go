package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

func newFlags(name, args string, stderr io.Writer, doc string) *flag.FlagSet {
	fs := flag.NewFlagSet("rowalign-db "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: rowalign-db %s [flags] %s\n\n%s\nFlags:\n", name, args, doc)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args; ok is false when the command must stop with code
// (-h: 0, a bad flag: 2).
func parse(fs *flag.FlagSet, args []string) (code int, ok bool) {
	switch err := fs.Parse(args); {
	case errors.Is(err, flag.ErrHelp):
		return exitOK, false
	case err != nil:
		return exitUsage, false
	}
	return exitOK, true
}

func runAudit(ctx context.Context, args []string, stdout, stderr io.Writer, _ func(string)) int {
	fs := newFlags("audit", "file.duckdb...", stderr, `Audit opens every file read-only and reports, for every table in every
schema, the rows, the row group size (unit), the groups and how many are
partial (below the unit, not the last), the fill, the deleted rows still
stored and the stored bytes, with an estimate of what an aligned rewrite
saves; for every file its blocks, used and free.
`+exitStatuses)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	failFill := fs.Float64("fail-fill", 0, "exit with status 3 when any table's fill is below this `percent` (0: never)")
	failFree := fs.Float64("fail-free", 0, "exit with status 3 when a compaction would return more than this `percent` of any file: its free blocks (0: never)")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	if *failFill < 0 || *failFill > 100 {
		fmt.Fprintln(stderr, "rowalign-db audit: -fail-fill is a percentage from 0 to 100")
		return exitUsage
	}
	if *failFree < 0 || *failFree > 100 {
		fmt.Fprintln(stderr, "rowalign-db audit: -fail-free is a percentage from 0 to 100")
		return exitUsage
	}
	r, err := storage.AuditFile(ctx, fs.Args()...)
	if err != nil {
		return failure(stderr, "audit", err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(r)
	} else {
		printAudit(stdout, r)
	}
	code := exitOK
	if *failFill > 0 {
		var under []string
		for _, t := range r.Tables {
			if t.Kind == storage.KindTable && t.Fill < *failFill {
				under = append(under, fmt.Sprintf("%s.%s (%.1f%%)", t.Database, t.Name, t.Fill))
			}
		}
		if len(under) > 0 {
			fmt.Fprintf(stderr, "rowalign-db audit: %s less than %g%% full: %v\n", plural(len(under), "table"), *failFill, under)
			code = exitUnderFilled
		}
	}
	if *failFree > 0 {
		var over []string
		for _, f := range r.Files {
			if pct := freePct(f); pct > *failFree {
				over = append(over, fmt.Sprintf("%s (%s free of %s, %.1f%%)", f.Path, mb(f.FreeBytes), mb(f.FileBytes), pct))
			}
		}
		if len(over) > 0 {
			fmt.Fprintf(stderr, "rowalign-db audit: %s more than %g%% free blocks (rowalign-db compact -apply returns them): %v\n", plural(len(over), "file"), *failFree, over)
			code = exitUnderFilled
		}
	}
	return code
}

// freePct is what a compaction returns for certain (the free blocks
// inside the file) in percent of the file's size.
func freePct(f storage.File) float64 {
	if f.FileBytes == 0 {
		return 0
	}
	return 100 * float64(f.FreeBytes) / float64(f.FileBytes)
}

// printAudit writes the report as a table per file.
func printAudit(w io.Writer, r *storage.Report) {
	for i, f := range r.Files {
		if i > 0 {
			fmt.Fprintln(w)
		}
		ver := ""
		if f.StorageVersion != "" {
			ver = ", storage " + f.StorageVersion
		}
		indexes := "indexes"
		if f.UnreadTables > 0 {
			indexes = fmt.Sprintf("indexes and the %s whose storage was not read", plural(f.UnreadTables, "table"))
		}
		fmt.Fprintf(w, "%s (%s%s): %s, %d blocks of %d KiB: %d used (tables %d, %s %d, metadata %d), %d free (%s a compaction returns)\n",
			f.Path, f.Database, ver, mb(f.FileBytes), f.TotalBlocks, f.BlockSize/1024, f.UsedBlocks,
			f.TableBlocks, indexes, f.IndexBlocks, f.MetadataBlocks, f.FreeBlocks, mb(f.FreeBytes))
		if f.WALBytes > 0 {
			fmt.Fprintf(w, "  write-ahead log: %s not checkpointed yet\n", mb(f.WALBytes))
		}
		printTables(w, r.Tables, f.Database)
	}
	// Tables of no file: temporary tables and in-memory databases.
	files := map[string]bool{}
	for _, f := range r.Files {
		files[f.Database] = true
	}
	var rest []storage.Table
	for _, t := range r.Tables {
		if !files[t.Database] {
			rest = append(rest, t)
		}
	}
	if len(rest) > 0 {
		fmt.Fprintln(w, "\nnot in a file:")
		for _, t := range rest {
			fmt.Fprintf(w, "  %s.%s: %s\n", t.Database, t.Name, t.Note)
		}
	}
}

func printTables(w io.Writer, tables []storage.Table, db string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "table\trows\tunit\tgroups\tpartial\tfill\tdeleted\tstored\trewrite saves\t")
	var notes []string
	n := 0
	for _, t := range tables {
		if t.Database != db {
			continue
		}
		n++
		if t.Note != "" {
			notes = append(notes, fmt.Sprintf("  %s: %s", t.Name, t.Note))
		}
		if t.Kind == storage.KindView {
			fmt.Fprintf(tw, "%s\tview\t\t\t\t\t\t\t\t\n", t.Name)
			continue
		}
		saves := "-"
		if e := t.Estimate; e.SavedGroups > 0 || e.SavedBytes > 0 {
			saves = fmt.Sprintf("%s, %s (%.0f%%)", plural(e.SavedGroups, "group"), mb(e.SavedBytes), e.ScanSavedPct)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%.1f%%\t%s\t%s\t%s\t\n",
			t.Name, thousands(t.Rows), thousands(t.Unit), t.Groups(), t.Partial, t.Fill, thousands(t.Deleted), mb(t.StoredBytes), saves)
	}
	if n == 0 {
		fmt.Fprintln(w, "  no tables")
		return
	}
	tw.Flush()
	for _, s := range notes {
		fmt.Fprintln(w, s)
	}
}
