package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

// The test binary doubles as the child process that the kill tests kill
// with SIGKILL and the refusal tests hold a file with:
//
//	ROWALIGN_DB_TEST_CHILD=hold      open the file (args[0]) read-write, say "holding", wait
//	ROWALIGN_DB_TEST_CHILD=exit      open the file (args[0]), run the statements (args[1:]),
//	                                 exit without closing it (a loader that never closes)
//	ROWALIGN_DB_TEST_CHILD=STEP      run the command (args), say "paused STEP" at STEP, wait
//
// with the arguments, JSON-encoded, in ROWALIGN_DB_TEST_ARGS.
const (
	childEnv = "ROWALIGN_DB_TEST_CHILD"
	argsEnv  = "ROWALIGN_DB_TEST_ARGS"
)

func TestMain(m *testing.M) {
	mode := os.Getenv(childEnv)
	if mode == "" {
		os.Exit(m.Run())
	}
	var args []string
	if err := json.Unmarshal([]byte(os.Getenv(argsEnv)), &args); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if mode == "exit" {
		db, err := sql.Open("duckdb", args[0])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, q := range args[1:] {
			if _, err := db.Exec(q); err != nil {
				fmt.Fprintln(os.Stderr, q, err)
				os.Exit(1)
			}
		}
		os.Exit(0)
	}
	if mode == "hold" {
		db, err := sql.Open("duckdb", args[0])
		if err == nil {
			err = db.Ping()
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println("holding")
		time.Sleep(10 * time.Minute)
		os.Exit(1)
	}
	pause := func(step string) {
		if step == mode {
			fmt.Println("paused", step)
			time.Sleep(10 * time.Minute)
		}
	}
	os.Exit(run(context.Background(), args, os.Stdout, os.Stderr, pause))
}

// startChild starts the child and waits until it says it has reached its
// mode's point; the test's cleanup kills it if it still runs.
func startChild(t *testing.T, mode string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := childCommand(mode, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(out).ReadString('\n')
		line <- s
		io.Copy(io.Discard, out)
	}()
	select {
	case s := <-line:
		if !strings.HasPrefix(s, "holding") && !strings.HasPrefix(s, "paused") {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("child %s said %q; stderr: %s", mode, s, stderr.String())
		}
	case <-time.After(2 * time.Minute):
		t.Fatalf("child %s did not reach its point; stderr: %s", mode, stderr.String())
	}
	return cmd
}

// childCommand is the test binary run as a child in mode with args.
func childCommand(mode string, args ...string) *exec.Cmd {
	spec, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+mode, argsEnv+"="+string(spec))
	return cmd
}

// kill kills the child with SIGKILL, as a crash or an OOM killer would.
func kill(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
}

// rows and commit size of the test table: 500,000 rows in commits of
// 150,000 leave a partial group mid-table after CHECKPOINT (DuckDB 1.5.6:
// 122,880 x 2, 54,240, 122,880, 77,120).
const (
	testRows   = 500_000
	testCommit = 150_000
)

// damagedFile writes a file with a damaged table t (a primary key, an
// index), a healthy table h and a view v.
func damagedFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "d.duckdb")
	stmts := []string{
		`CREATE TABLE t(id BIGINT PRIMARY KEY, k BIGINT NOT NULL, s VARCHAR)`,
		`CREATE INDEX t_k ON t(k)`,
		fmt.Sprintf(`CREATE TABLE h AS SELECT range AS id FROM range(%d)`, testRows),
		`CREATE VIEW v AS SELECT * FROM t`,
	}
	for lo := 0; lo < testRows; lo += testCommit {
		stmts = append(stmts, fmt.Sprintf(`INSERT INTO t SELECT i, i %% 1000, 'row ' || i FROM range(%d, %d) r(i)`, lo, min(testRows, lo+testCommit)))
	}
	stmts = append(stmts, `CHECKPOINT`)
	execSQL(t, path, stmts...)
	return path
}

func execSQL(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// state is what must survive a killed repair or compact: every table's
// groups and rows, and the catalog.
type state struct {
	Groups  map[string][]int64
	Sums    map[string]storage.Sum
	Catalog []string
}

func readState(t *testing.T, path string) state {
	t.Helper()
	ctx := context.Background()
	db, err := sql.Open("duckdb", path+"?access_mode=read_only")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	r, err := storage.Audit(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	s := state{Groups: map[string][]int64{}, Sums: map[string]storage.Sum{}}
	for _, tb := range r.Tables {
		if tb.Kind != storage.KindTable {
			continue
		}
		s.Groups[tb.Name.String()] = tb.GroupRows
		if s.Sums[tb.Name.String()], err = storage.Checksum(ctx, conn, tb.Name.SQL(), tb.Columns); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := conn.QueryContext(ctx, `SELECT sql FROM duckdb_tables() UNION ALL SELECT sql FROM duckdb_indexes()
		UNION ALL SELECT sql FROM duckdb_views() WHERE NOT internal UNION ALL SELECT constraint_text FROM duckdb_constraints() ORDER BY ALL`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var q string
		rows.Scan(&q)
		s.Catalog = append(s.Catalog, q)
	}
	return s
}

func sameState(t *testing.T, what string, got, want state) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if !bytes.Equal(g, w) {
		t.Errorf("%s:\n got %s\nwant %s", what, g, w)
	}
}

func sha(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// runCmd runs the command in this process.
func runCmd(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(context.Background(), args, &o, &e, nil)
	return code, o.String(), e.String()
}

// linkTo makes a relative symbolic link to path in a directory of its
// own, the way the kill tests reach their file: a kill must leave both the
// file and the link as they were.
func linkTo(t *testing.T, path string) string {
	t.Helper()
	dir := t.TempDir()
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.duckdb")
	if err := os.Symlink(rel, link); err != nil {
		t.Fatal(err)
	}
	return link
}

func isLink(t *testing.T, link, target string) {
	t.Helper()
	st, err := os.Lstat(link)
	if err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("%s is no longer a link: %v", link, err)
	}
	if p, err := filepath.EvalSymlinks(link); err != nil || p != target {
		t.Errorf("%s names %s, want %s (%v)", link, p, target, err)
	}
}

func TestKillMidRepair(t *testing.T) {
	path := damagedFile(t)
	link := linkTo(t, path)
	want := readState(t, path)
	if !slices.Contains(want.Groups["main.t"], 54_240) {
		t.Fatalf("the table is not damaged: %v", want.Groups)
	}
	child := startChild(t, storage.StepCopied, "repair", "-apply", link)
	kill(t, child)
	isLink(t, link, path)
	sameState(t, "after a repair killed in its transaction", readState(t, path), want)

	// The file still repairs, through the link.
	if code, out, errOut := runCmd("repair", "-apply", link); code != 0 {
		t.Fatalf("repair after the kill: %d %s %s", code, out, errOut)
	}
	isLink(t, link, path)
	got := readState(t, path)
	if g := got.Groups["main.t"]; !slices.Equal(g, []int64{122_880, 122_880, 122_880, 122_880, 8_480}) {
		t.Errorf("groups after repair: %v", g)
	}
	if got.Sums["main.t"] != want.Sums["main.t"] || !slices.Equal(got.Catalog, want.Catalog) {
		t.Errorf("repair changed rows or catalog:\n got %v\nwant %v", got, want)
	}
}

// TestKillMidCompact kills compact, run through a link, after its
// verified copy, and again between its backup link and its rename; the
// original stays as it was, and the next run recovers and compacts. After
// the second kill the backup name is a second name of the live file
// itself: the rerun used to refuse because "the backup exists".
func TestKillMidCompact(t *testing.T) {
	path := damagedFile(t)
	link := linkTo(t, path)
	want := readState(t, path)
	sum := sha(t, path)
	child := startChild(t, storage.StepCopiedFile, "compact", "-apply", link)
	kill(t, child)
	isLink(t, link, path)
	if sha(t, path) != sum {
		t.Errorf("a compact killed before its rename changed the original's bytes")
	}
	sameState(t, "after a compact killed before its rename", readState(t, path), want)
	if _, err := os.Stat(path + storage.TempSuffix); err != nil {
		t.Errorf("want the killed run's temporary file left: %v", err)
	}

	child = startChild(t, storage.StepBackedUp, "compact", "-apply", link)
	kill(t, child)
	isLink(t, link, path)
	a, _ := os.Stat(path)
	b, err := os.Stat(path + ".bak")
	if err != nil || !os.SameFile(a, b) || sha(t, path) != sum {
		t.Fatalf("want the original with its backup name as a second name, after a kill before the rename: %v", err)
	}

	// The next run removes the leftovers and compacts.
	code, out, errOut := runCmd("compact", "-apply", link)
	if code != 0 {
		t.Fatalf("compact after the kills: %d %s %s", code, out, errOut)
	}
	if !strings.Contains(errOut, "removed "+path+".bak") {
		t.Errorf("compact does not say it removed the stale backup name: %s", errOut)
	}
	isLink(t, link, path)
	if _, err := os.Stat(path + storage.TempSuffix); err == nil {
		t.Errorf("the temporary file is left after a compact")
	}
	if sha(t, path+".bak") != sum {
		t.Errorf("the backup is not the original")
	}
	got := readState(t, path)
	if got.Sums["main.t"] != want.Sums["main.t"] || !slices.Equal(got.Catalog, want.Catalog) {
		t.Errorf("compact changed rows or catalog:\n got %v\nwant %v", got, want)
	}
	if g := got.Groups["main.t"]; !slices.Equal(g, []int64{122_880, 122_880, 122_880, 122_880, 8_480}) {
		t.Errorf("groups after compact: %v", g)
	}
	if !strings.Contains(out, "compacted") || !strings.Contains(out, "original kept as") {
		t.Errorf("compact's report: %s", out)
	}
}

func TestRefusesHeldFile(t *testing.T) {
	path := damagedFile(t)
	sum := sha(t, path)
	child := startChild(t, "hold", path)
	pid := fmt.Sprintf("PID %d", child.Process.Pid)
	// Each mode words the refusal for what it meant to do: only repair
	// -apply and compact -apply would rewrite.
	for _, c := range []struct {
		args    []string
		rewrite bool
	}{
		{[]string{"audit", path}, false},
		{[]string{"repair", path}, false},
		{[]string{"compact", path}, false},
		{[]string{"repair", "-apply", path}, true},
		{[]string{"compact", "-apply", path}, true},
	} {
		code, _, errOut := runCmd(c.args...)
		if code != exitError || !strings.Contains(errOut, "held by another process") || !strings.Contains(errOut, pid) {
			t.Errorf("%v: want a refusal naming %s, got %d %s", c.args, pid, code, errOut)
		}
		if strings.Contains(errOut, "rewriting") != c.rewrite {
			t.Errorf("%v: the refusal speaks of rewriting (%v), want %v: %s", c.args, !c.rewrite, c.rewrite, errOut)
		}
	}
	kill(t, child)
	if sha(t, path) != sum {
		t.Errorf("the refused commands changed the file")
	}
}

func TestAuditCommand(t *testing.T) {
	path := damagedFile(t)
	code, out, errOut := runCmd("audit", path)
	if code != 0 || !strings.Contains(out, "main.t") || !strings.Contains(out, "partial") || !strings.Contains(out, "view") {
		t.Errorf("audit: %d\n%s%s", code, out, errOut)
	}
	code, out, _ = runCmd("audit", "-json", path)
	var r storage.Report
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || len(r.Tables) != 3 || len(r.Files) != 1 {
		t.Errorf("audit -json: %d %v\n%s", code, err, out)
	}
	if code, _, errOut := runCmd("audit", "-fail-fill", "95", path); code != exitUnderFilled || !strings.Contains(errOut, "main.t") {
		t.Errorf("audit -fail-fill 95: want status %d naming main.t, got %d %s", exitUnderFilled, code, errOut)
	}
	if code, _, errOut := runCmd("audit", "-fail-fill", "50", path); code != 0 {
		t.Errorf("audit -fail-fill 50: %d %s", code, errOut)
	}
	if code, _, errOut := runCmd("audit", filepath.Join(t.TempDir(), "missing.duckdb")); code != exitUsage || !strings.Contains(errOut, "no such file") {
		t.Errorf("audit of a missing file: %d %s", code, errOut)
	}
	bad := filepath.Join(t.TempDir(), "bad.duckdb")
	os.WriteFile(bad, []byte("not a database, not at all, but long enough to have a header"), 0o644)
	if code, _, errOut := runCmd("audit", bad); code != exitUsage || !strings.Contains(errOut, "not a DuckDB database file") {
		t.Errorf("audit of a broken file: %d %s", code, errOut)
	}
	// A broken file with DuckDB's header: DuckDB's own error, on one line.
	broken := filepath.Join(t.TempDir(), "broken.duckdb")
	os.WriteFile(broken, []byte("12345678DUCK but nothing else of a database, long enough to have a header"), 0o644)
	if code, _, errOut := runCmd("audit", broken); code != exitError || strings.Count(errOut, "\n") != 1 {
		t.Errorf("audit of a broken file with a header: %d %s", code, errOut)
	}
}

// TestFailFree: a reload job that replaces a table (CREATE OR REPLACE)
// twice between checkpoints leaves the old tables' blocks free, and the
// file only grows (DuckDB 1.5.6: 7.4 MB, 18 of 28 blocks free, for 2.4 MB
// of rows); -fail-free fails the audit on it, and passes it once
// compacted. (Replaced with a checkpoint after each reload, the table
// reused the freed blocks and DuckDB truncated the free tail.)
func TestFailFree(t *testing.T) {
	path := filepath.Join(t.TempDir(), "reload.duckdb")
	load := fmt.Sprintf(`CREATE OR REPLACE TABLE t AS SELECT i AS id, 'row ' || i AS s FROM range(%d) r(i)`, testRows)
	execSQL(t, path, load, `CHECKPOINT`, load, load, `CHECKPOINT`)
	code, out, errOut := runCmd("audit", "-fail-free", "20", path)
	if code != exitUnderFilled || !strings.Contains(errOut, path) || !strings.Contains(errOut, "free") {
		t.Errorf("audit -fail-free 20 of a reloaded file: want status %d naming it, got %d\n%s%s", exitUnderFilled, code, out, errOut)
	}
	if code, _, errOut := runCmd("audit", "-fail-free", "99", path); code != exitOK {
		t.Errorf("audit -fail-free 99: %d %s", code, errOut)
	}
	if code, _, errOut := runCmd("audit", "-fail-free", "101", path); code != exitUsage || !strings.Contains(errOut, "-fail-free") {
		t.Errorf("audit -fail-free 101: want status %d, got %d %s", exitUsage, code, errOut)
	}
	if code, _, errOut := runCmd("compact", "-apply", "-no-backup", path); code != exitOK {
		t.Fatalf("compact: %d %s", code, errOut)
	}
	if code, out, errOut := runCmd("audit", "-fail-free", "20", path); code != exitOK {
		t.Errorf("audit -fail-free 20 of the compacted file: %d\n%s%s", code, out, errOut)
	}
}

func TestRepairCommand(t *testing.T) {
	path := damagedFile(t)
	want := readState(t, path)
	code, out, errOut := runCmd("repair", path)
	if code != 0 || !strings.Contains(out, "would rewrite main.t") || !strings.Contains(out, "dry run") || strings.Contains(out, "main.h") {
		t.Errorf("dry run: %d\n%s%s", code, out, errOut)
	}
	sameState(t, "after a dry run", readState(t, path), want)
	if code, _, errOut := runCmd("repair", "-table", "v", "-apply", path); code != exitError || !strings.Contains(errOut, "is a view") {
		t.Errorf("repair of a view: %d %s", code, errOut)
	}
	if code, _, errOut := runCmd("repair", "-table", "nope", path); code != exitError || !strings.Contains(errOut, "no table nope") {
		t.Errorf("repair of a missing table: %d %s", code, errOut)
	}
	code, out, errOut = runCmd("repair", "-apply", path)
	if code != 0 || !strings.Contains(out, "rewrote main.t") || !strings.Contains(out, "after:  5 groups, 0 partial, fill 100.0%") {
		t.Errorf("repair -apply: %d\n%s%s", code, out, errOut)
	}
	if code, out, _ := runCmd("repair", path); code != 0 || !strings.Contains(out, "nothing to do") {
		t.Errorf("repair of a repaired file: %d %s", code, out)
	}
}

func TestHelpListsEveryFlag(t *testing.T) {
	for cmd, flags := range map[string][]string{
		"audit":   {"-json", "-fail-fill", "-fail-free"},
		"repair":  {"-table", "-apply", "-json", "-v", "-progress"},
		"compact": {"-apply", "-backup", "-no-backup", "-allow-larger", "-json", "-v", "-progress"},
		"demo":    {"-rows", "-commit"},
	} {
		code, _, errOut := runCmd(cmd, "-h")
		if code != 0 {
			t.Errorf("%s -h: status %d", cmd, code)
		}
		for _, f := range flags {
			if !strings.Contains(errOut, "  "+f) {
				t.Errorf("%s -h does not document %s:\n%s", cmd, f, errOut)
			}
		}
	}
	if code, out, _ := runCmd("-h"); code != 0 || !strings.Contains(out, "compact") {
		t.Errorf("-h: %d %s", code, out)
	}
	if code, _, _ := runCmd("nope"); code != exitUsage {
		t.Errorf("unknown command: status %d", code)
	}
}
