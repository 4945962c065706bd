package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

func runCompact(ctx context.Context, args []string, stdout, stderr io.Writer, pause func(string)) int {
	fs := newFlags("compact", "file.duckdb", stderr, `Compact copies the whole database (every schema, table, view, sequence,
macro, type, constraint, index and comment) into a new file next to it:
the catalog with COPY FROM DATABASE, then each table's rows with INSERTs
on one thread each, which write whole row groups (COPY FROM DATABASE's own
copy keeps partial ones): a large table in parts at once, small tables
side by side, a table with a foreign key to itself parents first. It verifies every catalog entry and every table's rows (count and
a checksum over every column), and renames the new file over the
original; the original is kept as a backup (a hard link) unless
-no-backup. A failure or a kill before the rename leaves the original
untouched. A new file larger than the original (after its checkpoint),
or of the same size when no table had partial groups or deleted rows, is
not swapped in: the original stays, and one line says so (-allow-larger
swaps it in anyway, for when whole row groups matter more than bytes).
The new file is written in the original's storage version (64 to 69, read
from its headers, compared again before the swap), so every DuckDB that
opened the original opens it. A symbolic link is followed: the file it
names is compacted, the link stays. Without -apply it reports the file's free blocks and tables and
changes nothing. A long run says what it is doing on stderr every few
seconds (-progress; by default when stderr is a terminal); -v prints
where the time went. It refuses a file another process holds, a
read-only file, a storage version it cannot write back, a file with other
hard links (the rename would leave them on the old database), and a backup
on another file system.
`+exitStatuses)
	apply := fs.Bool("apply", false, "write the new file and swap it in (default: report only)")
	backup := fs.String("backup", "", "keep the original as this `file` (default: file.duckdb.bak)")
	noBackup := fs.Bool("no-backup", false, "keep no backup of the original")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	verbose := fs.Bool("v", false, "print where the time went, phase by phase, on stderr")
	allowLarger := fs.Bool("allow-larger", false, "swap the new file in even when it is larger than the original, or no smaller with nothing to mend")
	showProgress := progressFlag(fs)
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	if *noBackup && *backup != "" {
		fmt.Fprintln(stderr, "rowalign-db compact: -backup and -no-backup exclude each other")
		return exitUsage
	}
	// The default backup goes next to the file a link names: a hard link
	// cannot leave its file system.
	path, err := storage.DatabaseFile(fs.Arg(0))
	if err != nil {
		return failure(stderr, "compact", err)
	}
	opt := storage.CompactOptions{Apply: *apply, Backup: *backup, Pause: pause, AllowLarger: *allowLarger}
	if opt.Backup == "" && !*noBackup {
		opt.Backup = path + ".bak"
	}
	prog := startProgress(*apply && wantProgress(fs, *showProgress, stderr), stderr, "compact")
	opt.Status = prog.hook()
	res, err := storage.Compact(ctx, path, opt)
	prog.stop()
	if err != nil {
		return failure(stderr, "compact", err)
	}
	if *verbose {
		printPhases(stderr, "compact", res.Phases)
		for _, w := range res.Work {
			fmt.Fprintf(stderr, "rowalign-db compact: of the copy: %-12s %7.2f s in jobs %7.2f s cpu\n", w.Name, w.Seconds, w.CPUSeconds)
		}
	}
	if res.StaleBackup != "" {
		verb := "removed"
		if !*apply {
			verb = "would remove"
		}
		fmt.Fprintf(stderr, "rowalign-db compact: %s %s: it was a second name of %s itself, not a backup (a compact killed between its backup link and its rename leaves one)\n", verb, res.StaleBackup, res.Path)
	}
	if *asJSON {
		return printJSON(stdout, res)
	}
	var free int64
	for _, f := range res.Before.Files {
		free += f.FreeBytes
	}
	var saves int64
	for _, t := range res.Before.Tables {
		saves += t.Estimate.SavedBytes
	}
	if res.Kept != "" {
		// One line: what was kept, and why.
		why := "no smaller than the original's, and no table has partial row groups or deleted rows to mend"
		if res.Kept == storage.KeptLarger {
			why = fmt.Sprintf("larger than the original's %s; -allow-larger swaps it in when whole row groups matter more than bytes", mb(res.CheckpointedBytes))
		}
		fmt.Fprintf(stdout, "kept %s as it was: the verified compacted copy would be %s, %s\n", res.Path, mb(res.NewBytes), why)
		return exitOK
	}
	if !res.Applied {
		fmt.Fprintf(stdout, "would compact %s: %s now, %s in free blocks, an estimated %s more from rewriting partial groups and deleted rows\n",
			res.Path, mb(res.OldBytes), mb(free), mb(saves))
		fmt.Fprintf(stdout, "  new file written as %s, verified, renamed over the original", res.Temp)
		if opt.Backup != "" {
			fmt.Fprintf(stdout, "; original kept as %s", opt.Backup)
		}
		fmt.Fprintln(stdout, "\ndry run: nothing changed; -apply compacts")
		return exitOK
	}
	var kinds []string
	for k, n := range res.Objects {
		if n > 0 {
			kinds = append(kinds, plural(n, k))
		}
	}
	slices.Sort(kinds)
	var rows int64
	for _, s := range res.Tables {
		rows += s.Rows
	}
	fmt.Fprintf(stdout, "compacted %s: %s -> %s, %s\n", res.Path, mb(res.OldBytes), mb(res.NewBytes), change(res.OldBytes, res.NewBytes))
	fmt.Fprintf(stdout, "  verified: %s; %s rows in %s (count and checksum each)\n", strings.Join(kinds, ", "), thousands(rows), plural(len(res.Tables), "table"))
	if res.Backup != "" {
		fmt.Fprintf(stdout, "  original kept as %s\n", res.Backup)
	}
	return exitOK
}
