package main

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

// snapshot describes every entry under dir: its mode, size, modification
// time, link target and content, to show that a command changed no byte.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		st, err := os.Lstat(p)
		if err != nil {
			return err
		}
		s := fmt.Sprintf("%v %d %d", st.Mode(), st.Size(), st.ModTime().UnixNano())
		switch {
		case st.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			s += " -> " + target
		case st.Mode().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			s += fmt.Sprintf(" %x", sha256.Sum256(b))
		}
		out[p] = s
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameSnapshot(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	g, _ := json.MarshalIndent(got, "", " ")
	w, _ := json.MarshalIndent(want, "", " ")
	if string(g) != string(w) {
		t.Errorf("%s changed files:\n got %s\nwant %s", what, g, w)
	}
}

// smallDamaged writes a small damaged file: 300,000 rows, every fifth
// deleted after a checkpoint (stored still: fill 80 %), a view and a
// commented index. An aligned rewrite stores 122,880 + 117,120 rows.
func smallDamaged(t *testing.T, path string) {
	t.Helper()
	execSQL(t, path,
		`CREATE TABLE t(id BIGINT, k INT)`,
		`CREATE INDEX t_k ON t(k)`,
		`COMMENT ON INDEX t_k IS 'k''s index'`,
		`CREATE VIEW v AS SELECT count(*) AS n FROM t`,
		`INSERT INTO t SELECT i, i % 7 FROM range(300000) r(i)`,
		`CHECKPOINT`,
		`DELETE FROM t WHERE id % 5 = 0`,
		`CHECKPOINT`)
}

// rewritten is the layout of smallDamaged's table after repair or
// compact.
var rewritten = []int64{122_880, 117_120}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// groupsOf audits the file at path and returns table t's row groups, nil
// when deleted rows are still stored.
func groupsOf(t *testing.T, path string) []int64 {
	t.Helper()
	r, err := storage.AuditFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range r.Tables {
		if tb.Table == "t" {
			if tb.Deleted > 0 {
				return nil
			}
			return tb.GroupRows
		}
	}
	t.Fatalf("no table t in %s", path)
	return nil
}

// singleLine checks that a refusal is one line on stderr.
func singleLine(t *testing.T, what, errOut string) {
	t.Helper()
	if strings.Count(errOut, "\n") != 1 || strings.Contains(errOut, "Stack") {
		t.Errorf("%s: want one line on stderr, got %q", what, errOut)
	}
}

// TestSymlinkedPaths runs compact and repair on a database reached through
// a symbolic link, of three shapes: the command rewrites the file the link
// names, and the link stays a link to it. Compact used to rename the new
// file over the link, leaving the real file as it was.
func TestSymlinkedPaths(t *testing.T) {
	tmpl := filepath.Join(t.TempDir(), "tmpl.duckdb")
	smallDamaged(t, tmpl)
	want := readState(t, tmpl)
	wantSum := sha(t, tmpl)
	if groupsOf(t, tmpl) != nil {
		t.Fatalf("the template is not damaged: %v", want.Groups)
	}
	whole := rewritten
	// Each shape gives the path the command gets, the link, and the file.
	shapes := map[string]func(dir string) (arg, link, target string){
		"absolute link": func(dir string) (string, string, string) {
			target := filepath.Join(dir, "real", "x.duckdb")
			link := filepath.Join(dir, "link.duckdb")
			must(t, os.Symlink(target, link))
			return link, link, target
		},
		"relative link": func(dir string) (string, string, string) {
			link := filepath.Join(dir, "link.duckdb")
			must(t, os.Symlink(filepath.Join("real", "x.duckdb"), link))
			return link, link, filepath.Join(dir, "real", "x.duckdb")
		},
		"link in a parent directory": func(dir string) (string, string, string) {
			link := filepath.Join(dir, "linked")
			must(t, os.Symlink("real", link))
			return filepath.Join(link, "x.duckdb"), link, filepath.Join(dir, "real", "x.duckdb")
		},
	}
	for shape, mk := range shapes {
		// The default backup through a link: TestKillMidCompact.
		for _, args := range [][]string{
			{"compact", "-apply", "-no-backup"},
			{"compact", "-apply", "-backup", "BACKUP"},
			{"repair", "-apply"},
		} {
			name := shape + " " + strings.Join(args, " ")
			dir, err := filepath.EvalSymlinks(t.TempDir())
			must(t, err)
			copyFile(t, tmpl, filepath.Join(dir, "real", "x.duckdb"))
			arg, link, target := mk(dir)
			linkTarget, _ := os.Readlink(link)
			backup := ""
			switch {
			case slices.Contains(args, "BACKUP"):
				backup = filepath.Join(dir, "real", "kept.bak")
				args = slices.Clone(args)
				args[len(args)-1] = backup
			case args[0] == "compact" && !slices.Contains(args, "-no-backup"):
				backup = target + ".bak"
			}
			code, out, errOut := runCmd(append(args, arg)...)
			if code != 0 {
				t.Errorf("%s: %d %s %s", name, code, out, errOut)
				continue
			}
			if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
				t.Errorf("%s: the link is no longer a link: %v", name, err)
			} else if now, _ := os.Readlink(link); now != linkTarget {
				t.Errorf("%s: the link now points at %s, not %s", name, now, linkTarget)
			}
			if g := groupsOf(t, target); !slices.Equal(g, whole) {
				t.Errorf("%s: the file the link names has groups %v, want %v", name, g, whole)
			}
			got := readState(t, arg)
			if got.Sums["main.t"] != want.Sums["main.t"] || !slices.Equal(got.Catalog, want.Catalog) {
				t.Errorf("%s: rows or catalog changed:\n got %v\nwant %v", name, got, want)
			}
			if backup != "" && sha(t, backup) != wantSum {
				t.Errorf("%s: the backup %s is not the original", name, backup)
			}
			if _, err := os.Stat(target + storage.TempSuffix); err == nil {
				t.Errorf("%s: the temporary file is left", name)
			}
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestHardLinks: compact refuses a file with a second name (the rename
// would leave that name on the old database); repair rewrites in place,
// so both names see the repair.
func TestHardLinks(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.duckdb")
	other := filepath.Join(dir, "y.duckdb")
	smallDamaged(t, path)
	must(t, os.Link(path, other))
	before := snapshot(t, dir)
	for _, args := range [][]string{{"compact", path}, {"compact", "-apply", path}, {"compact", "-apply", "-no-backup", other}} {
		code, _, errOut := runCmd(args...)
		if code != exitUsage || !strings.Contains(errOut, "hard links") {
			t.Errorf("%v: want status %d and a refusal naming hard links, got %d %s", args, exitUsage, code, errOut)
		}
		singleLine(t, fmt.Sprint(args), errOut)
	}
	sameSnapshot(t, "compact of a hard-linked file", snapshot(t, dir), before)
	if code, out, errOut := runCmd("repair", "-apply", path); code != 0 {
		t.Fatalf("repair -apply: %d %s %s", code, out, errOut)
	}
	a, _ := os.Stat(path)
	b, _ := os.Stat(other)
	if !os.SameFile(a, b) {
		t.Errorf("repair broke the hard link")
	}
	if g := groupsOf(t, other); !slices.Equal(g, rewritten) {
		t.Errorf("the other name sees groups %v", g)
	}
}

// TestNotADatabase: every mode refuses what is not a DuckDB database file
// before opening it, with status 2, and changes no byte. Compact used to
// replace a CSV file with a database of views over it, with status 0.
func TestNotADatabase(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "people.csv")
	must(t, os.WriteFile(csv, []byte("id,name\n1,ann\n2,bob\n"), 0o644))
	parquet := filepath.Join(dir, "people.parquet")
	db, err := sql.Open("duckdb", "")
	must(t, err)
	_, err = db.Exec(`COPY (SELECT 1 AS id, 'ann' AS name) TO '` + parquet + `' (FORMAT parquet)`)
	must(t, err)
	db.Close()
	empty := filepath.Join(dir, "empty.duckdb")
	must(t, os.WriteFile(empty, nil, 0o644))
	sub := filepath.Join(dir, "dir.duckdb")
	must(t, os.Mkdir(sub, 0o755))
	dangling := filepath.Join(dir, "dangling.duckdb")
	must(t, os.Symlink("nowhere.duckdb", dangling))
	csvLink := filepath.Join(dir, "csvlink.duckdb")
	must(t, os.Symlink("people.csv", csvLink))
	inputs := map[string]string{
		"a CSV file": csv, "a Parquet file": parquet, "an empty file": empty, "a directory": sub,
		"a missing path": filepath.Join(dir, "missing.duckdb"), "a dangling link": dangling, "a link to a CSV file": csvLink,
	}
	before := snapshot(t, dir)
	for what, p := range inputs {
		for _, mode := range [][]string{
			{"audit"}, {"audit", "-json"}, {"repair"}, {"repair", "-apply"},
			{"compact"}, {"compact", "-apply"}, {"compact", "-apply", "-no-backup"},
		} {
			code, out, errOut := runCmd(append(mode, p)...)
			name := fmt.Sprintf("%v on %s", mode, what)
			if code != exitUsage || out != "" {
				t.Errorf("%s: want status %d and no output, got %d %q %q", name, exitUsage, code, out, errOut)
			}
			singleLine(t, name, errOut)
		}
	}
	if _, errOut := runCmd1("audit", csv); !strings.Contains(errOut, "not a DuckDB database file") {
		t.Errorf("the refusal of a CSV file: %s", errOut)
	}
	sameSnapshot(t, "commands on files that are not databases", snapshot(t, dir), before)
}

func runCmd1(args ...string) (int, string) {
	code, _, errOut := runCmd(args...)
	return code, errOut
}

// TestUnreadableWAL: a loader that exits without closing the database
// after a bulk load and an index leaves a write-ahead log that DuckDB
// 1.5.6 could not replay read-only ("Could not write file ... Bad file
// descriptor", DuckDB issue 24103: read-only replay tries to write the
// index); DuckDB 2.0.0 replays it, and the read-only modes read every row.
// With the file cut short as well, no DuckDB replays it, not read-write
// either: every mode says so on one line, with status 1. No mode changes
// a byte.
func TestUnreadableWAL(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "loaded.duckdb")
	runChild(t, "exit", path,
		`CREATE TABLE t(id BIGINT PRIMARY KEY, k BIGINT)`,
		`INSERT INTO t SELECT i, i % 1000 FROM range(300000) r(i)`,
		`CREATE INDEX t_k ON t(k)`)
	if st, err := os.Stat(path + ".wal"); err != nil || st.Size() == 0 {
		t.Fatalf("the loader left no write-ahead log: %v", err)
	}
	cut := filepath.Join(dir, "cut", "loaded.duckdb")
	copyFile(t, path, cut)
	copyFile(t, path+".wal", cut+".wal")
	st, err := os.Stat(cut)
	must(t, err)
	if st.Size() <= cutTo {
		t.Fatalf("the loader wrote its rows to the write-ahead log only (%d bytes)", st.Size())
	}
	must(t, os.Truncate(cut, cutTo))
	before := snapshot(t, dir)
	for _, mode := range [][]string{{"audit"}, {"repair"}, {"compact"}} {
		code, out, errOut := runCmd(append(mode, path)...)
		if code != exitOK || mode[0] == "audit" && !strings.Contains(out, "300,000") {
			t.Errorf("%v on the loader's file: want status 0 (and the audit's 300,000 rows, read through the log: DuckDB 2.0.0), got %d\n%s%s", mode, code, out, errOut)
		}
	}
	for _, c := range []struct {
		path  string
		modes [][]string
	}{
		{cut, [][]string{{"audit"}, {"repair"}, {"repair", "-apply"}, {"compact"}, {"compact", "-apply"}}},
	} {
		for _, mode := range c.modes {
			code, _, errOut := runCmd(append(mode, c.path)...)
			name := fmt.Sprintf("%v on %s", mode, c.path)
			if code != exitError || !strings.Contains(errOut, "write-ahead log") || !strings.Contains(errOut, "CHECKPOINT") {
				t.Errorf("%s: want status %d saying what to do, got %d %s", name, exitError, code, errOut)
			}
			singleLine(t, name, errOut)
		}
	}
	sameSnapshot(t, "commands on a file with an unreadable write-ahead log", snapshot(t, dir), before)
}

// cutTo is where TestUnreadableWAL cuts the file: the header and one
// block, while the log names blocks beyond.
const cutTo = 512 * 1024

// runChild runs the test binary as a child in mode to its end.
func runChild(t *testing.T, mode string, args ...string) {
	t.Helper()
	cmd := childCommand(mode, args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child %s: %v %s", mode, err, out)
	}
}

// TestExitStatuses produces every exit status the help lists, and only
// those. A bad -fail-fill exited 2 while the help said "1 on error".
func TestExitStatuses(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.duckdb")
	smallDamaged(t, path)
	csv := filepath.Join(dir, "x.csv")
	must(t, os.WriteFile(csv, []byte("a\n1\n"), 0o644))
	// A storage version no DuckDB rowalign-db links writes (TestNewerDuckDBFile).
	newer := filepath.Join(dir, "newer.duckdb")
	execSQL(t, newer, `CREATE TABLE t(i INT)`)
	setVersion(t, newer, 70)
	cases := map[int][][]string{
		exitOK:          {{"audit", path}, {"audit", "-fail-fill", "50", path}, {"repair", path}, {"compact", path}},
		exitError:       {{"repair", "-table", "v", "-apply", path}, {"repair", "-table", "nope", path}, {"audit", newer}},
		exitUsage:       {{"audit", "-fail-fill", "200", path}, {"audit", "-nope", path}, {"audit"}, {"audit", csv}, {"compact", "-backup", "b", "-no-backup", path}, {"compact", "-apply", newer}},
		exitUnderFilled: {{"audit", "-fail-fill", "95", path}},
	}
	for want, runs := range cases {
		for _, args := range runs {
			if code, _, errOut := runCmd(args...); code != want {
				t.Errorf("%v: status %d, want %d: %s", args, code, want, errOut)
			}
		}
	}
	listed := map[int]bool{}
	for _, m := range regexp.MustCompile(`(?:status:|;) (\d) `).FindAllStringSubmatch(strings.Join(strings.Fields(exitStatuses), " "), -1) {
		var n int
		fmt.Sscan(m[1], &n)
		listed[n] = true
	}
	if len(listed) != len(cases) {
		t.Errorf("the help lists statuses %v, the test produces %d", listed, len(cases))
	}
	for code := range cases {
		if !listed[code] {
			t.Errorf("status %d is not in the help: %s", code, exitStatuses)
		}
	}
	for _, cmd := range []string{"audit", "repair", "compact"} {
		if _, _, errOut := runCmd(cmd, "-h"); !strings.Contains(errOut, exitStatuses) {
			t.Errorf("%s -h does not list the exit statuses", cmd)
		}
	}
	if _, out, _ := runCmd("-h"); !strings.Contains(out, exitStatuses) {
		t.Errorf("-h does not list the exit statuses")
	}
	// compact -h no longer claims COPY FROM DATABASE writes whole groups.
	if _, _, errOut := runCmd("compact", "-h"); strings.Contains(strings.Join(strings.Fields(errOut), " "), "COPY FROM DATABASE, which writes every table in whole row groups") {
		t.Errorf("compact -h: %s", errOut)
	}
}

// TestBackupRefusals: compact refuses, before writing anything, a backup
// it cannot make: on another file system (it is a hard link), the
// database itself, a link to it, an existing file, its temporary file.
func TestBackupRefusals(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.duckdb")
	execSQL(t, path, `CREATE TABLE t AS SELECT range AS id FROM range(1000)`)
	must(t, os.Symlink("x.duckdb", filepath.Join(dir, "link.duckdb")))
	must(t, os.WriteFile(filepath.Join(dir, "other"), []byte("keep me"), 0o644))
	backups := map[string]string{
		path:                                 "database itself",
		filepath.Join(dir, ".", "x.duckdb"):  "database itself",
		filepath.Join(dir, "link.duckdb"):    "link to the database itself",
		filepath.Join(dir, "other"):          "exists",
		path + storage.TempSuffix:            "temporary file",
		filepath.Join(dir, "nodir", "x.bak"): "directory",
	}
	if other := otherFileSystem(t, dir); other != "" {
		backups[filepath.Join(other, "x.duckdb.bak")] = "another file system"
	} else {
		t.Log("no second file system here: the cross-device refusal is not tested")
	}
	// Not a backup, but a name compact would remove: a file of the user's
	// under compact's temporary name stays.
	must(t, os.WriteFile(path+storage.TempSuffix, []byte("not compact's"), 0o644))
	before := snapshot(t, dir)
	for _, args := range [][]string{{"compact", path}, {"compact", "-apply", "-no-backup", path}} {
		code, _, errOut := runCmd(args...)
		if code != exitUsage || !strings.Contains(errOut, "is not a database a killed compact left") {
			t.Errorf("%v with a file of the user's under the temporary name: %d %s", args, code, errOut)
		}
	}
	sameSnapshot(t, "a file under compact's temporary name", snapshot(t, dir), before)
	must(t, os.Remove(path+storage.TempSuffix))
	before = snapshot(t, dir)
	for b, why := range backups {
		code, _, errOut := runCmd("compact", "-apply", "-backup", b, path)
		if code != exitUsage || !strings.Contains(errOut, why) {
			t.Errorf("-backup %s: want status %d saying %q, got %d %s", b, exitUsage, why, code, errOut)
		}
		singleLine(t, b, errOut)
		if _, err := os.Lstat(b); err == nil && !strings.HasPrefix(b, dir) {
			t.Errorf("-backup %s: made", b)
		}
	}
	sameSnapshot(t, "refused backups", snapshot(t, dir), before)
}

// otherFileSystem returns a writable directory on another file system than
// dir (/dev/shm is a tmpfs here), or "".
func otherFileSystem(t *testing.T, dir string) string {
	var a, b syscall.Stat_t
	if syscall.Stat(dir, &a) != nil || syscall.Stat("/dev/shm", &b) != nil || a.Dev == b.Dev {
		return ""
	}
	d, err := os.MkdirTemp("/dev/shm", "rowalign-test")
	if err != nil {
		return ""
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}

// TestAuditJSONNoTables: a database without tables lists "tables": [].
func TestAuditJSONNoTables(t *testing.T) {
	path := filepath.Join(t.TempDir(), "none.duckdb")
	execSQL(t, path, `CREATE SCHEMA s`)
	code, out, errOut := runCmd("audit", "-json", path)
	if code != 0 || !strings.Contains(out, `"tables": []`) {
		t.Errorf("audit -json: %d %s %s", code, out, errOut)
	}
}

// TestAdversarialPaths: a path with spaces and a quote, a read-only file,
// a file in a read-only directory, a file another user owns with its own
// mode. Nothing that should not change changes; what compact rewrites
// keeps its mode and owner.
func TestAdversarialPaths(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "with space")
	path := filepath.Join(dir, "it's my data.duckdb")
	must(t, os.MkdirAll(dir, 0o755))
	smallDamaged(t, path)
	want := readState(t, path)

	// Read-only: audit reads it; repair and compact refuse, even as root.
	must(t, os.Chmod(path, 0o444))
	before := snapshot(t, dir)
	if code, _, errOut := runCmd("audit", path); code != 0 {
		t.Errorf("audit of a read-only file: %d %s", code, errOut)
	}
	for _, args := range [][]string{{"repair", "-apply", path}, {"compact", "-apply", path}, {"compact", "-apply", "-no-backup", path}} {
		code, _, errOut := runCmd(args...)
		if code != exitUsage || !strings.Contains(errOut, "read-only") {
			t.Errorf("%v on a read-only file: %d %s", args, code, errOut)
		}
	}
	sameSnapshot(t, "rewrites of a read-only file", snapshot(t, dir), before)
	must(t, os.Chmod(path, 0o640))
	must(t, os.Chmod(dir, 0o555))
	before = snapshot(t, dir)
	for _, args := range [][]string{{"repair", "-apply", path}, {"compact", "-apply", path}} {
		code, _, errOut := runCmd(args...)
		if code != exitUsage || !strings.Contains(errOut, "read-only") {
			t.Errorf("%v in a read-only directory: %d %s", args, code, errOut)
		}
	}
	sameSnapshot(t, "rewrites in a read-only directory", snapshot(t, dir), before)
	must(t, os.Chmod(dir, 0o755))

	// Compact keeps the mode and the owner (when run by root on another
	// user's file).
	uid, gid := os.Getuid(), os.Getgid()
	if uid == 0 {
		uid, gid = 4321, 4321
		must(t, os.Chown(path, uid, gid))
	}
	if code, out, errOut := runCmd("compact", "-apply", path); code != 0 {
		t.Fatalf("compact of a path with spaces and a quote: %d %s %s", code, out, errOut)
	}
	st, err := os.Stat(path)
	must(t, err)
	if sys := st.Sys().(*syscall.Stat_t); st.Mode().Perm() != 0o640 || int(sys.Uid) != uid || int(sys.Gid) != gid {
		t.Errorf("after compact: mode %v, owner %d:%d; want 0640, %d:%d", st.Mode().Perm(), sys.Uid, sys.Gid, uid, gid)
	}
	got := readState(t, path)
	if got.Sums["main.t"] != want.Sums["main.t"] || !slices.Equal(got.Catalog, want.Catalog) {
		t.Errorf("compact changed rows or catalog:\n got %v\nwant %v", got, want)
	}
}
