package main

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rowalign/rowalign/duckdb/internal/bench"
)

// TestAttach runs the attach recipe against real DuckDB: the figures of
// docs/measurements.md#attach-row_group_size, and the groups summary
// every other recipe prints.
func TestAttach(t *testing.T) {
	var b bytes.Buffer
	defer func(w io.Writer) { out = w }(out)
	out = &b
	attach(t.TempDir())
	// DuckDB 2.0 writes a new file in a storage version that takes row
	// groups of 122,880 rows or more: ROW_GROUP_SIZE 204800 needs no
	// STORAGE_VERSION there (docs/measurements.md#duckdb-20-beside-156).
	large := "ATTACH (ROW_GROUP_SIZE 204800): rejected: "
	var version string
	db := open("")
	defer db.Close()
	if err := db.QueryRow(`SELECT version()`).Scan(&version); err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(version, "v2.") {
		large = "ATTACH (ROW_GROUP_SIZE 204800): 1,000,000 rows in 5 row groups: 4 x 204,800 + 180,800"
	}
	for _, want := range []string{
		"ATTACH (ROW_GROUP_SIZE 65536): 1,000,000 rows in 16 row groups: 15 x 65,536 + 16,960",
		"ATTACH (ROW_GROUP_SIZE 100000): rejected: ",
		large,
		"ATTACH (ROW_GROUP_SIZE 204800, STORAGE_VERSION 'v1.2.0'): 1,000,000 rows in 5 row groups: 4 x 204,800 + 180,800",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("attach printed\n%s\nwant a line with %q", b.String(), want)
		}
	}
}

// TestAttachOld runs the attachold recipe's write and attach steps on the
// linked DuckDB (docs/measurements.md#attach-row_group_size, an existing
// file): an existing file of storage version 64 rejects ROW_GROUP_SIZE
// 204800 without STORAGE_VERSION and takes it with 'v1.2.0', which makes it
// 65; one of 68 takes it without and refuses 'v1.2.0' (a file's version is
// never lowered). The measurement wrote the files with DuckDB 1.5.6; here
// the linked DuckDB writes them in those versions.
func TestAttachOld(t *testing.T) {
	var b bytes.Buffer
	defer func(w io.Writer) { out = w }(out)
	out = &b
	dir := t.TempDir()
	attachOld("write", dir, 250_000)
	attachOld("attach", dir, 250_000)
	for _, want := range []string{
		"wrote old-v1.0.0.duckdb (STORAGE_VERSION v1.0.0): storage version 64 (v1.0.0+)",
		"old-v1.0.0.duckdb (storage version 64 (v1.0.0+)), ATTACH (ROW_GROUP_SIZE 204800): rejected: ",
		"old-v1.0.0.duckdb (storage version 64 (v1.0.0+)), ATTACH (ROW_GROUP_SIZE 245760): rejected: ",
		"old-v1.0.0.duckdb (storage version 64 (v1.0.0+)), ATTACH (ROW_GROUP_SIZE 204800, STORAGE_VERSION 'v1.2.0'): 250,000 rows in 2 row groups: 204,800 + 45,200; the file after: storage version 65 (v1.2.0+)",
		"old-v1.2.0.duckdb (storage version 65 (v1.2.0+)), ATTACH (ROW_GROUP_SIZE 204800): 250,000 rows in 2 row groups: 204,800 + 45,200; the file after: storage version 65 (v1.2.0+)",
		"old-v1.5.0.duckdb (storage version 68 (v1.5.0+)), ATTACH (ROW_GROUP_SIZE 245760): 250,000 rows in 2 row groups: 245,760 + 4,240; the file after: storage version 68 (v1.5.0+)",
		"old-v1.5.0.duckdb (storage version 68 (v1.5.0+)), ATTACH (ROW_GROUP_SIZE 204800, STORAGE_VERSION 'v1.2.0'): rejected: ",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("attachold printed\n%s\nwant a line with %q", b.String(), want)
		}
	}
}

// TestFlush runs the flush recipe on a small load: one line per flush size
// and transaction mode, with the layout each leaves.
func TestFlush(t *testing.T) {
	var b bytes.Buffer
	defer func(w io.Writer) { out = w }(out)
	out = &b
	flush(t.Context(), t.TempDir(), 10_000, []int64{4_096, 0})
	for _, want := range []string{
		"Appender, 10,000 rows, transaction open: true  Flush every 4,096",
		"Appender, 10,000 rows, transaction open: false no explicit Flush",
		"1 row group: 10,000",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("flush printed\n%s\nwant a line with %q", b.String(), want)
		}
	}
	if n := strings.Count(b.String(), "\n"); n != 4 {
		t.Errorf("flush printed %d lines, want 4:\n%s", n, b.String())
	}
}

// TestRowByRow runs the rowbyrow recipe on a small load: one line per
// way, each with the rows it wrote, its cost per row and its layout.
func TestRowByRow(t *testing.T) {
	var b bytes.Buffer
	defer func(w io.Writer) { out = w }(out)
	out = &b
	rowByRow(t.Context(), t.TempDir(), 300, 1, wayList(""))
	for _, w := range rowWays {
		if !strings.Contains(b.String(), w.name) {
			t.Errorf("rowbyrow printed\n%s\nwant a line for %q", b.String(), w.name)
		}
	}
	if n := strings.Count(b.String(), "300 rows: "); n != len(rowWays) {
		t.Errorf("rowbyrow printed %d loads, want %d:\n%s", n, len(rowWays), b.String())
	}
	if n := strings.Count(b.String(), "1 row group: 300;"); n != len(rowWays) {
		t.Errorf("rowbyrow printed %d one-group layouts, want %d:\n%s", n, len(rowWays), b.String())
	}
}

// TestWide runs the wide recipe on a small demo table: one line per flush
// size, with the layout it leaves and the scans' figures.
func TestWide(t *testing.T) {
	var b bytes.Buffer
	defer func(w io.Writer) { out = w }(out)
	out = &b
	src := filepath.Join(t.TempDir(), "demo.duckdb")
	if err := bench.Generate(t.Context(), src, 10_000); err != nil {
		t.Fatal(err)
	}
	wide(t.Context(), src, t.TempDir(), []int64{4_096, 0})
	for _, want := range []string{
		"Appender, 10,000 rows x 29 columns, Flush every 4,096, no transaction: load ",
		"Appender, 10,000 rows x 29 columns, one BEGIN ... COMMIT: load ",
		"full scan ",
		"row groups after CHECKPOINT:  1 row group: 10,000",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("wide printed\n%s\nwant a line with %q", b.String(), want)
		}
	}
}

// TestFineweb runs the fineweb recipe on a few documents: one line with
// the load, then the layouts before and after the CHECKPOINT.
func TestFineweb(t *testing.T) {
	var b bytes.Buffer
	defer func(w io.Writer) { out = w }(out)
	out = &b
	fineweb(t.Context(), t.TempDir(), 3_000, 1_000)
	for _, want := range []string{
		"prepared INSERT per document, 3,000 documents (",
		"commit every 1,000: load ",
		"row groups after CHECKPOINT:  1 row group: 3,000",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("fineweb printed\n%s\nwant a line with %q", b.String(), want)
		}
	}
}
