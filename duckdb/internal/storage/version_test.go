package storage

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// header builds the first 12,288 bytes of a DuckDB file: main header
// version main, and the serialization compatibility of the two database
// headers, of which the second's iteration is iter2 (the first's is 1).
func header(main, compat1, compat2, iter2 uint64) []byte {
	b := make([]byte, fileHeaderBytes)
	copy(b[headerMagicOffset:], headerMagic)
	binary.LittleEndian.PutUint64(b[versionOffset:], main)
	binary.LittleEndian.PutUint64(b[databaseHeaderOffset+iterationOffset:], 1)
	binary.LittleEndian.PutUint64(b[databaseHeaderOffset+compatibilityOffset:], compat1)
	binary.LittleEndian.PutUint64(b[2*databaseHeaderOffset+iterationOffset:], iter2)
	binary.LittleEndian.PutUint64(b[2*databaseHeaderOffset+compatibilityOffset:], compat2)
	return b
}

// TestReadVersion reads the headers as DuckDB 1.5.6 and 2.0.0 wrote them
// (docs/measurements.md#storage-versions): the main header's number up to
// 68, the current database header's where the main header holds 999.
func TestReadVersion(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		b      []byte
		want   Version
		option string
	}{
		{"v1.0.0", header(64, 0, 0, 0), Version{64, 64, 1}, "v1.0.0"},
		{"v1.5.0", header(68, 7, 7, 0), Version{68, 68, 7}, "v1.5.0"},
		{"v2.0.0", header(999, 69, 69, 0), Version{69, 999, 69}, "v2.0.0"},
		{"second header current", header(999, 69, 70, 2), Version{70, 999, 70}, ""},
		{"first header current", header(999, 69, 70, 0), Version{69, 999, 69}, "v2.0.0"},
		{"older", header(51, 0, 0, 0), Version{51, 51, 0}, ""},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, c.b, 0o644); err != nil {
			t.Fatal(err)
		}
		v, err := ReadVersion(path)
		if err != nil || v != c.want || v.Option() != c.option {
			t.Errorf("%s: %+v %q %v, want %+v %q", c.name, v, v.Option(), err, c.want, c.option)
		}
		_, err = WritableVersion(path, "compact")
		if (err == nil) != (c.option != "") || err != nil && (!errors.Is(err, ErrVersion) || !errors.Is(err, ErrInput)) {
			t.Errorf("%s: WritableVersion: %v", c.name, err)
		}
	}
	short := filepath.Join(dir, "short")
	os.WriteFile(short, header(64, 0, 0, 0)[:4096], 0o644)
	if _, err := ReadVersion(short); err == nil {
		t.Errorf("a file shorter than its headers: no error")
	}
}

// TestCompactChecksTheVersionItWrote: compact compares the storage
// version in the new file's headers with the original's before it swaps
// the file in. With the option for version 69 set to v1.5.0 (so DuckDB
// writes 68), it refuses, and the original stays as it was.
func TestCompactChecksTheVersionItWrote(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "f.duckdb")
	db, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`CREATE TABLE t AS SELECT range AS i FROM range(300000)`, `DELETE FROM t WHERE i % 2 = 0`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	db.Close()
	v, err := ReadVersion(path)
	if err != nil || v.Number != 69 {
		t.Fatalf("a new file: %+v %v, want version 69", v, err)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	old := storageVersions[69]
	storageVersions[69] = "v1.5.0"
	defer func() { storageVersions[69] = old }()
	_, err = Compact(ctx, path, CompactOptions{Apply: true})
	if !errors.Is(err, ErrVersion) {
		t.Fatalf("compact writing version 68 for a version-69 file: %v, want ErrVersion", err)
	}
	t.Log(err)
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Errorf("the refused compact changed the original")
	}
	if _, err := os.Stat(path + TempSuffix); err == nil {
		t.Errorf("the refused compact left its new file")
	}
}
