package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

// The DuckDB versions of these tests: rowalign-db links DuckDB 2.0.0
// (duckdb-go v2.20000.0), and testdata/duckdb156, a module of its own
// outside go.work (two versions of duckdb-go cannot be in one binary, and
// a workspace selects the highest), links DuckDB 1.5.6 (v2.10506.0).

// duckdb156 builds testdata/duckdb156 (DuckDB 1.5.6) and returns a
// function that runs it: stdout, and an error holding its stderr.
func duckdb156(t *testing.T) func(args ...string) (string, error) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "duckdb156")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = filepath.Join("testdata", "duckdb156")
	build.Env = append(os.Environ(), "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building testdata/duckdb156 (DuckDB 1.5.6): %v\n%s", err, out)
	}
	return func(args ...string) (string, error) {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(bin, args...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			return stdout.String(), &exitError156{err, stderr.String()}
		}
		return stdout.String(), nil
	}
}

type exitError156 struct {
	err    error
	stderr string
}

func (e *exitError156) Error() string { return e.err.Error() + ": " + e.stderr }

// read156 is what DuckDB 1.5.6 reads in a file (testdata/duckdb156 read).
type read156 struct {
	Library        string  `json:"library"`
	StorageVersion string  `json:"storage_version"`
	Rows           int64   `json:"rows"`
	Sum            int64   `json:"sum"`
	Chars          int64   `json:"chars"`
	Groups         []int64 `json:"groups"`
	View           int64   `json:"view"`
}

func readWith156(t *testing.T, run func(...string) (string, error), path string) read156 {
	t.Helper()
	out, err := run("read", path)
	if err != nil {
		t.Fatalf("DuckDB 1.5.6 cannot read %s: %v", path, err)
	}
	var r read156
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return r
}

func fileVersion(t *testing.T, path string) storage.Version {
	t.Helper()
	v, err := storage.ReadVersion(path)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestDuckDB156FilesKeepTheirVersion: a file DuckDB 1.5.6 wrote, in its
// default storage version (64, v1.0.0) and in its newest (68, v1.5.0),
// with partial groups mid-table and deleted rows, is compacted and
// repaired by rowalign-db (DuckDB 2.0.0); DuckDB 1.5.6 then opens the
// result and reads the same rows in whole groups, and the headers hold the
// version the file had. Without the STORAGE_VERSION of compact's new file,
// DuckDB 2.0.0 writes version 69, which DuckDB 1.5.6 cannot open.
func TestDuckDB156FilesKeepTheirVersion(t *testing.T) {
	run156 := duckdb156(t)
	for _, c := range []struct {
		option string // testdata/duckdb156 write's STORAGE_VERSION
		number uint64
		tag    string
	}{
		{"", 64, "v1.0.0+"},
		{"v1.5.0", 68, "v1.5.0+"},
	} {
		t.Run(c.tag, func(t *testing.T) {
			dir := t.TempDir()
			orig := filepath.Join(dir, "orig.duckdb")
			args := []string{"write", orig, "500000", "150000"}
			if c.option != "" {
				args = append(args, c.option)
			}
			if _, err := run156(args...); err != nil {
				t.Fatal(err)
			}
			before := readWith156(t, run156, orig)
			if before.Library != "v1.5.6" || before.StorageVersion != c.tag || !slices.Contains(before.Groups, 54_240) {
				t.Fatalf("DuckDB 1.5.6 wrote %+v, want storage %s with a 54,240-row group mid-table", before, c.tag)
			}
			if v := fileVersion(t, orig); v.Number != c.number {
				t.Fatalf("the header of a DuckDB 1.5.6 file: %+v, want number %d", v, c.number)
			}
			whole := []int64{122_880, 122_880, 122_880, 81_360}
			for _, cmd := range [][]string{
				{"compact", "-apply", "-no-backup"},
				{"repair", "-apply"},
			} {
				path := filepath.Join(dir, cmd[0]+".duckdb")
				b, err := os.ReadFile(orig)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
				if code, out, errOut := runCmd(append(cmd, path)...); code != exitOK {
					t.Fatalf("%s: %d\n%s%s", cmd[0], code, out, errOut)
				}
				if v := fileVersion(t, path); v.Number != c.number {
					t.Errorf("after %s the header says %+v, want number %d", cmd[0], v, c.number)
				}
				after := readWith156(t, run156, path)
				if after.StorageVersion != c.tag || after.Rows != before.Rows || after.Sum != before.Sum ||
					after.Chars != before.Chars || after.View != before.View || !slices.Equal(after.Groups, whole) {
					t.Errorf("DuckDB 1.5.6 reads after %s: %+v\nbefore: %+v\nwant groups %v", cmd[0], after, before, whole)
				}
			}
		})
	}
}

// TestDuckDB2File: a file in DuckDB 2.0.0's own storage version (69, the
// default for a new file), damaged as a loader in 150,000-row commits
// leaves it: audit reports its partial groups, compact makes them whole
// and keeps version 69; DuckDB 1.5.6 refuses it, in DuckDB's own words.
func TestDuckDB2File(t *testing.T) {
	path := damagedFile(t)
	if v := fileVersion(t, path); v.Number != 69 {
		t.Fatalf("a new file of DuckDB 2.0.0: %+v, want storage version 69", v)
	}
	code, out, errOut := runCmd("audit", "-json", path)
	var r storage.Report
	if err := json.Unmarshal([]byte(out), &r); code != exitOK || err != nil {
		t.Fatalf("audit: %d %v\n%s%s", code, err, out, errOut)
	}
	if r.Files[0].StorageVersion != "v2.0.0+" {
		t.Errorf("audit's storage version: %q, want v2.0.0+", r.Files[0].StorageVersion)
	}
	var groups []int64
	for _, tb := range r.Tables {
		if tb.Name.String() == "main.t" {
			groups = tb.GroupRows
			if tb.Partial == 0 || !tb.Damaged() {
				t.Errorf("audit of main.t: %+v, want partial groups", tb)
			}
		}
	}
	if !slices.Equal(groups, []int64{122_880, 122_880, 54_240, 122_880, 77_120}) {
		t.Errorf("main.t's groups on DuckDB 2.0.0: %v", groups)
	}
	if code, out, errOut := runCmd("compact", "-apply", "-no-backup", path); code != exitOK {
		t.Fatalf("compact: %d\n%s%s", code, out, errOut)
	}
	if v := fileVersion(t, path); v.Number != 69 {
		t.Errorf("after compact: %+v, want storage version 69", v)
	}
	if g := readState(t, path).Groups["main.t"]; !slices.Equal(g, []int64{122_880, 122_880, 122_880, 122_880, 8_480}) {
		t.Errorf("groups after compact: %v", g)
	}
	_, err := duckdb156(t)("read", path)
	if err == nil || !strings.Contains(err.Error(), "version number 69, but we can only read versions between 64 and 68") {
		t.Errorf("DuckDB 1.5.6 on a version-69 file: %v", err)
	}
}

// headerChecksum is DuckDB's checksum of a header block (the 4,088 bytes
// after its 8-byte checksum): 5,381 XOR every little-endian uint64 times
// 0xbf58476d1ce4e5b9. It matched the stored checksum of the three headers
// of files DuckDB 1.5.6 and 2.0.0 wrote (2026-12-07), so a test can write
// a header DuckDB accepts.
func headerChecksum(block []byte) uint64 {
	sum := uint64(5381)
	for i := 0; i+8 <= len(block); i += 8 {
		sum ^= binary.LittleEndian.Uint64(block[i:]) * 0xbf58476d1ce4e5b9
	}
	return sum
}

// setVersion writes a storage version number into the file's headers
// with their checksums, as a DuckDB that writes that version would: into
// the main header for a version-64 to 68 file (offset 12), into both
// database headers (offset 56) for a file in DuckDB 2.0.0's format.
func setVersion(t *testing.T, path string, number uint64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	put := func(block, off int) {
		binary.LittleEndian.PutUint64(b[block+off:], number)
		binary.LittleEndian.PutUint64(b[block:], headerChecksum(b[block+8:block+4096]))
	}
	if binary.LittleEndian.Uint64(b[12:]) == 999 {
		put(4096, 56)
		put(8192, 56)
	} else {
		put(0, 12)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNewerDuckDBFile: a file of storage version 70, which no DuckDB
// rowalign-db links reads or writes (made by writing 70 into a real
// file's headers, with their checksums). audit prints DuckDB's error
// whole, its hint included (rowalign-db used to keep its first line
// only); repair and compact refuse it before DuckDB opens it, and change
// nothing. The header check that names the number is proven by DuckDB
// 2.0.0 itself: it reads 70 where the test wrote it.
func TestNewerDuckDBFile(t *testing.T) {
	for _, c := range []struct {
		name  string
		write func(t *testing.T, path string)
	}{
		// A file of DuckDB 2.0.0's format: 999 in the main header, the
		// version in the database headers.
		{"2.0 format", func(t *testing.T, path string) {
			execSQL(t, path, `CREATE TABLE t AS SELECT range AS i FROM range(1000)`)
		}},
		// A file of the format before: the version in the main header.
		{"1.5 format", func(t *testing.T, path string) {
			db, err := sql.Open("duckdb", "")
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			conn, err := db.Conn(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			for _, q := range []string{`ATTACH '` + path + `' AS f (STORAGE_VERSION 'v1.5.0')`, `CREATE TABLE f.t AS SELECT range AS i FROM range(1000)`, `DETACH f`} {
				if _, err := conn.ExecContext(context.Background(), q); err != nil {
					t.Fatal(q, err)
				}
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "newer.duckdb")
			c.write(t, path)
			setVersion(t, path, 70)
			if v := fileVersion(t, path); v.Number != 70 {
				t.Fatalf("ReadVersion: %+v, want number 70", v)
			}
			want := snapshot(t, dir)
			code, _, errOut := runCmd("audit", path)
			if code != exitError || strings.Count(errOut, "\n") != 1 {
				t.Errorf("audit: want status %d and one line, got %d %q", exitError, code, errOut)
			}
			for _, words := range []string{
				"Trying to read a database file with storage version number 70, but we can only read storage versions between 64 and 69.",
				"The database file was created with a newer version of DuckDB.",
				"Newer DuckDB version might introduce backward incompatible changes (possibly guarded by compatibility settings).",
				"See the storage page for migration strategy and more information: https://duckdb.org/internals/storage",
			} {
				if !strings.Contains(errOut, words) {
					t.Errorf("audit's error lacks DuckDB's words %q:\n%s", words, errOut)
				}
			}
			for _, args := range [][]string{
				{"compact", "-apply", path},
				{"compact", path},
				{"repair", "-apply", path},
				{"repair", path},
			} {
				code, _, errOut := runCmd(args...)
				if code != exitUsage || !strings.Contains(errOut, "storage version 70") || !strings.Contains(errOut, "64 to 69") || !strings.Contains(errOut, "nothing was changed") {
					t.Errorf("%v: want status %d naming version 70, got %d %s", args, exitUsage, code, errOut)
				}
			}
			sameSnapshot(t, "the refused commands", snapshot(t, dir), want)
		})
	}
}

// TestDemoSaysItsVersion: the README's demo writes its file in the storage
// version of the DuckDB rowalign-db links, 69 for DuckDB 2.0.0, which
// DuckDB 1.5 cannot open, and its last line says so.
func TestDemoSaysItsVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "demo.duckdb")
	code, out, errOut := runCmd("demo", "-rows", "5000", "-commit", "2000", path)
	if code != exitOK {
		t.Fatalf("demo: %d\n%s%s", code, out, errOut)
	}
	if v := fileVersion(t, path); v.Number != 69 {
		t.Fatalf("demo file: %+v, want storage version 69", v)
	}
	if want := "commits of 2,000 rows, "; !strings.Contains(out, want) || !strings.HasSuffix(out, ", storage version 69 (v2.0.0+), which DuckDB before 2.0 cannot open\n") {
		t.Errorf("demo printed %q, want its storage version and who cannot open it", out)
	}
}
