package storage_test

import (
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/rowalign/rowalign/duckdb/internal/storage"
)

// testdata/duckdb-1.1.3.duckdb.gz was written by DuckDB 1.1.3 (through
// github.com/marcboeker/go-duckdb v1.8.5, a module of its own):
//
//	cd duckdb/internal/storage/testdata/olddb && GOWORK=off go run . ../duckdb-1.1.3.duckdb && gzip -9 ../duckdb-1.1.3.duckdb
//
// Table t: 500,000 rows in commits of 150,000, the last 10,000 deleted,
// stored by 1.1.3 as 122,880 x 2, 54,240, 122,880, 77,120; an empty table
// and a view.
func oldFile(t *testing.T) string {
	t.Helper()
	f, err := os.Open("testdata/duckdb-1.1.3.duckdb.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.duckdb")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, zr); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestOlderDuckDBFile(t *testing.T) {
	ctx := context.Background()
	path := oldFile(t)
	// Its header has DuckDB's magic bytes where a 1.5.6 file has them.
	if _, err := storage.DatabaseFile(path); err != nil {
		t.Errorf("a DuckDB 1.1.3 file: %v", err)
	}
	r, err := storage.AuditFile(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Files) != 1 || r.Files[0].StorageVersion == "" {
		t.Errorf("want the file's storage version, got %+v", r.Files)
	}
	t.Logf("storage version of a DuckDB 1.1.3 file: %q", r.Files[0].StorageVersion)
	tt := find(t, r, "main", "t")
	if tt.Rows != 490_000 || tt.Partial == 0 || !tt.Damaged() {
		t.Errorf("t: %s", dump(tt))
	}
	if e := find(t, r, "main", "empty"); e.Rows != 0 || e.Groups() != 0 {
		t.Errorf("empty: %s", dump(e))
	}
	if v := find(t, r, "main", "v"); v.Kind != storage.KindView {
		t.Errorf("v: %s", dump(v))
	}

	// Compact keeps the old storage version, so DuckDB 1.1.3 still reads it.
	res, err := storage.Compact(ctx, path, storage.CompactOptions{Apply: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Tables["main.t"].Rows != 490_000 {
		t.Errorf("compact verified %+v", res.Tables)
	}
	r2, err := storage.AuditFile(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if r2.Files[0].StorageVersion != r.Files[0].StorageVersion {
		t.Errorf("storage version %q after compact, %q before", r2.Files[0].StorageVersion, r.Files[0].StorageVersion)
	}
	if tt := find(t, r2, "main", "t"); !whole(tt.GroupRows, storage.DefaultRowGroupRows) || tt.Deleted != 0 {
		t.Errorf("t after compact: %s", dump(tt))
	}
}
