package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

// healthySmall writes the file of a report: three healthy 300,000-row
// tables, two loaded in 100,000-row commits, a view and a comment
// (1,060,864 bytes on DuckDB 1.5.6). compact -apply made it 1,847,296
// bytes, printed "1.1 MB -> 1.8 MB (174.1%)" and swapped it in.
func healthySmall(t *testing.T, path string) {
	t.Helper()
	stmts := []string{
		`CREATE TABLE a AS SELECT i AS id, i % 7 AS k FROM range(300000) r(i)`,
		`CREATE TABLE b(id BIGINT, k BIGINT)`,
		`CREATE TABLE c(id BIGINT, k BIGINT)`,
		`CREATE VIEW v AS SELECT * FROM a`,
		`COMMENT ON TABLE a IS 'the a table'`,
	}
	for _, table := range []string{"b", "c"} {
		for lo := 0; lo < 300_000; lo += 100_000 {
			stmts = append(stmts, `INSERT INTO `+table+` SELECT i, i % 7 FROM range(`+strconv.Itoa(lo)+`, `+strconv.Itoa(lo+100_000)+`) r(i)`)
		}
	}
	execSQL(t, path, append(stmts, `CHECKPOINT`)...)
}

// TestCompactKeepsWhatItCannotShrink: compact -apply keeps a file whose
// compacted copy is no smaller and mends nothing, in one line, status 0;
// -allow-larger swaps it in; a damaged file that shrinks is swapped in and
// the saving is said as a saving ("34.2% smaller"), not as the new size's
// share of the old ("(65.8%)", which readers took for the saving).
func TestCompactKeepsWhatItCannotShrink(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "small.duckdb")
	healthySmall(t, path)
	sum := sha(t, path)
	code, out, errOut := runCmd("compact", "-apply", path)
	if code != exitOK || !strings.HasPrefix(out, "kept "+path+" as it was: ") || strings.Count(out, "\n") != 1 || errOut != "" {
		t.Errorf("compact -apply of a healthy small file: want one line saying it was kept, got %d %q %q", code, out, errOut)
	}
	if sha(t, path) != sum {
		t.Errorf("the kept original's bytes changed")
	}
	for _, p := range []string{path + ".bak", path + storage.TempSuffix} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s left behind", p)
		}
	}
	code, out, errOut = runCmd("compact", "-apply", "-allow-larger", path)
	if code != exitOK || !strings.Contains(out, "compacted "+path+": 1.1 MB -> 1.1 MB, the same size") {
		t.Errorf("compact -apply -allow-larger: %d %q %q", code, out, errOut)
	}
	if _, err := os.Stat(path + ".bak"); err != nil {
		t.Errorf("-allow-larger kept no backup: %v", err)
	}
	code, out, _ = runCmd("compact", "-apply", "-json", "-no-backup", path)
	var res storage.CompactResult
	if err := json.Unmarshal([]byte(out), &res); code != exitOK || err != nil || res.Applied || res.Kept != storage.KeptNothingToMend || len(res.Phases) == 0 {
		t.Errorf("compact -json of a kept file: %d %v %s", code, err, out)
	}

	damaged := filepath.Join(dir, "damaged.duckdb")
	smallDamaged(t, damaged)
	code, out, errOut = runCmd("compact", "-apply", damaged)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitOK || len(lines) != 3 ||
		!regexp.MustCompile(`^compacted .*: \d+\.\d MB -> \d+\.\d MB, \d+\.\d% smaller \(\d+\.\d MB returned\)$`).MatchString(lines[0]) ||
		lines[1] != "  verified: 1 comment, 1 index, 1 table, 1 view; 240,000 rows in 1 table (count and checksum each)" {
		t.Errorf("compact -apply of a damaged file: %d\n%s%s", code, out, errOut)
	}
	if g := groupsOf(t, damaged); len(g) != 2 || g[0] != 122_880 {
		t.Errorf("groups after compact: %v", g)
	}
}

// TestPlurals: one group, one table, one file are singular ("1 groups",
// "1 tables", "1 table(s)" before).
func TestPlurals(t *testing.T) {
	path := filepath.Join(t.TempDir(), "one.duckdb")
	execSQL(t, path, `CREATE TABLE t AS SELECT range AS id, range % 7 AS k FROM range(100000)`, `CHECKPOINT`,
		`DELETE FROM t WHERE id % 5 = 0`, `CHECKPOINT`)
	var all strings.Builder
	for _, args := range [][]string{
		{"audit", "-fail-fill", "95", path},
		{"repair", path},
		{"repair", "-apply", path},
	} {
		_, out, errOut := runCmd(args...)
		all.WriteString(out + errOut)
	}
	got := all.String()
	for _, want := range []string{"1 table less than 95% full", "in 1 group (", "-> 1 group;", "before: 1 group,", "after:  1 group,"} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in:\n%s", want, got)
		}
	}
	if m := regexp.MustCompile(`\b1 (groups|tables|files|indexs)\b|\(s\)`).FindString(got); m != "" {
		t.Errorf("%q in:\n%s", m, got)
	}
	if p := plural(2, "index"); p != "2 indexes" {
		t.Errorf("plural(2, index) = %q", p)
	}
}

// TestProgress: with -progress, repair -apply and compact -apply say what
// they are doing on stderr, at most a line per interval, and stdout is the
// same as without it; without -progress, with stderr not a terminal (a
// script's pipe), they print no progress. -v prints every phase's seconds.
func TestProgress(t *testing.T) {
	old := progressEvery
	progressEvery = 100 * time.Millisecond
	t.Cleanup(func() { progressEvery = old })
	tmpl := damagedFile(t)
	digits := regexp.MustCompile(`\d+(\.\d+)?`)
	progressLine := regexp.MustCompile(`(?m)^rowalign-db (compact|repair): .*; \d+ s in this step, \d+ s in all$`)
	for _, cmd := range []string{"compact", "repair"} {
		outs := map[bool]string{}
		for _, on := range []bool{false, true} {
			path := filepath.Join(t.TempDir(), "d.duckdb")
			copyFile(t, tmpl, path)
			args := []string{cmd, "-apply"}
			if cmd == "compact" {
				args = append(args, "-no-backup")
			}
			if on {
				args = append(args, "-progress", "-v")
			}
			t0 := time.Now()
			code, out, errOut := runCmd(append(args, path)...)
			took := time.Since(t0)
			if code != exitOK {
				t.Fatalf("%v: %d %s %s", args, code, out, errOut)
			}
			// The sizes may differ by a block or so from run to run: the
			// tables' copies write side by side.
			outs[on] = digits.ReplaceAllString(strings.ReplaceAll(out, filepath.Dir(path), "DIR"), "N")
			lines := progressLine.FindAllString(errOut, -1)
			switch {
			case !on && errOut != "":
				t.Errorf("%v without -progress, stderr not a terminal: want nothing on stderr, got %q", args, errOut)
			case on && len(lines) == 0:
				t.Errorf("%v: no progress line in %q (took %v)", args, errOut, took)
			case on && len(lines) > int(took/progressEvery)+1:
				t.Errorf("%v: %d progress lines in %v, more than one per %v", args, len(lines), took, progressEvery)
			}
			if on {
				// Repair's phases follow each other; compact's checksums
				// overlap its copy and are told apart as its work.
				want := []string{"phase copy", "phase sum-orig", "phase sum-copy", "phase total"}
				if cmd == "compact" {
					want = []string{"phase copy", "phase verify", "phase total", "of the copy: copy rows", "of the copy: sum original", "of the copy: sum copy"}
				}
				for _, phase := range want {
					if !strings.Contains(errOut, phase) {
						t.Errorf("%v: -v does not print %q: %s", args, phase, errOut)
					}
				}
				if cmd == "compact" && !regexp.MustCompile(`rowalign-db compact: (copying|checksumming) main\.`).MatchString(errOut) {
					t.Logf("no progress line caught the copy: %s", errOut)
				}
			}
		}
		if outs[true] != outs[false] {
			t.Errorf("%s: -progress changed stdout:\n%s\nwithout:\n%s", cmd, outs[true], outs[false])
		}
	}
	// The flags are in the help.
	if _, _, errOut := runCmd("compact", "-h"); !strings.Contains(errOut, "-progress") || !strings.Contains(errOut, "-allow-larger") {
		t.Errorf("compact -h: %s", errOut)
	}
}

// TestRunningWords: compact's overlapping jobs, in words.
func TestRunningWords(t *testing.T) {
	c, o, n := storage.WorkCopy, storage.WorkSumOrig, storage.WorkSumCopy
	job := func(work, table string) storage.Job { return storage.Job{Work: work, Table: table} }
	for _, tc := range []struct {
		jobs []storage.Job
		want string
	}{
		{nil, "copying"},
		{[]storage.Job{job(c, "main.a"), job(c, "main.b")}, "copying main.a, main.b"},
		{[]storage.Job{job(c, "main.b"), job(o, "main.a"), job(n, "main.a")}, "copying main.b; checksumming main.a in both files"},
		{[]storage.Job{job(o, "main.b"), job(n, "main.a")}, "checksumming main.b in the original; checksumming main.a in the new file"},
	} {
		if got := running(tc.jobs); got != tc.want {
			t.Errorf("running(%v) = %q, want %q", tc.jobs, got, tc.want)
		}
	}
}
