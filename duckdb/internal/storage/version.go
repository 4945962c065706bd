package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// A DuckDB file starts with three 4,096-byte headers: the main header
// (after its 8-byte checksum: "DUCK", then the storage version number, a
// little-endian uint64), then two database headers, of which the one
// with the higher iteration (8 bytes after its checksum) is current; its
// serialization compatibility is the uint64 at offset 56. DuckDB 1.5.6
// and 2.0.0 write the storage version number into the main header for
// the versions before 2.0 (64 for v1.0.0 to v1.1.0, 65 to 68 for v1.2.0
// to v1.5.0), while a file in DuckDB 2.0.0's own format has 999 there
// and 69 in its database header, the number DuckDB's errors name
// ("Trying to read a database file with version number 69"). DuckDB
// reads the serialization compatibility of a version-64 file as 1,
// whatever the header holds. Read from files DuckDB 1.5.6 and 2.0.0
// wrote, 2026-12-07 (docs/measurements.md#storage-versions).
const (
	versionOffset        = headerMagicOffset + len(headerMagic) // the main header's version number
	databaseHeaderOffset = 4096                                 // the first database header; the second follows
	iterationOffset      = 8                                    // in a database header, after its checksum
	compatibilityOffset  = 56                                   // in a database header
	inDatabaseHeader     = 999                                  // DuckDB 2.0.0's main header for its own format
	firstStorageVersion  = 64                                   // read as serialization compatibility 1
	firstCompatibility   = 1
	versionHeaderBytes   = fileHeaderBytes
)

// storageVersions maps each storage version number to the
// STORAGE_VERSION an ATTACH of a new file takes to write it, on the
// DuckDB this package is built with: DuckDB 2.0.0 wrote each number from
// its option (docs/measurements.md#storage-versions). A file of any
// other number is one the tools cannot write back.
var storageVersions = map[uint64]string{
	64: "v1.0.0",
	65: "v1.2.0",
	66: "v1.3.0",
	67: "v1.4.0",
	68: "v1.5.0",
	69: "v2.0.0",
}

// StorageVersionNumbers is the range of storage version numbers repair
// and compact write back: 64 to 69.
func StorageVersionNumbers() (lo, hi uint64) {
	lo, hi = ^uint64(0), 0
	for n := range storageVersions {
		lo, hi = min(lo, n), max(hi, n)
	}
	return lo, hi
}

// Version is a database file's storage version as its headers hold it,
// which decides the DuckDB versions that open the file.
type Version struct {
	// Number is the storage version number DuckDB's errors name: the
	// main header's, or the database header's where the main header
	// holds 999.
	Number uint64 `json:"number"`
	// Main and Compatibility are the main header's version number and
	// the current database header's serialization compatibility (1 for
	// a version-64 file, as DuckDB reads it).
	Main          uint64 `json:"main_header"`
	Compatibility uint64 `json:"serialization_compatibility"`
}

// Option is the STORAGE_VERSION that writes v (empty: none this DuckDB
// writes).
func (v Version) Option() string { return storageVersions[v.Number] }

func (v Version) String() string {
	if o := v.Option(); o != "" {
		return fmt.Sprintf("storage version %d (%s+)", v.Number, o)
	}
	return fmt.Sprintf("storage version %d", v.Number)
}

// ErrVersion reports a file whose storage version repair and compact
// cannot write back: rewriting it would change which DuckDB versions
// open it.
var ErrVersion = errors.New("storage version not kept")

// ReadVersion reads the storage version of the DuckDB file at path from
// its headers, without DuckDB.
func ReadVersion(path string) (Version, error) {
	f, err := os.Open(path)
	if err != nil {
		return Version{}, err
	}
	defer f.Close()
	b := make([]byte, versionHeaderBytes)
	if _, err := io.ReadFull(f, b); err != nil {
		return Version{}, fmt.Errorf("%s: reading its headers: %w", path, err)
	}
	if string(b[headerMagicOffset:versionOffset]) != headerMagic {
		return Version{}, fmt.Errorf("%s: %w", path, ErrNotDatabase)
	}
	u := func(off int) uint64 { return binary.LittleEndian.Uint64(b[off : off+8]) }
	h := databaseHeaderOffset
	if u(2*databaseHeaderOffset+iterationOffset) > u(databaseHeaderOffset+iterationOffset) {
		h = 2 * databaseHeaderOffset
	}
	v := Version{Main: u(versionOffset), Compatibility: u(h + compatibilityOffset)}
	v.Number = v.Main
	switch v.Main {
	case firstStorageVersion:
		v.Compatibility = firstCompatibility
	case inDatabaseHeader:
		v.Number = v.Compatibility
	}
	return v, nil
}

// WritableVersion reads path's storage version and refuses (ErrInput,
// ErrVersion) one that repair and compact cannot write back; doing names
// the command, for the message.
func WritableVersion(path, doing string) (Version, error) {
	v, err := ReadVersion(path)
	if err != nil {
		return v, err
	}
	if v.Option() == "" {
		lo, hi := StorageVersionNumbers()
		return v, &inputError{path, fmt.Sprintf("%s: %v: %s writes storage versions %d to %d only, and writing this file would change which DuckDB versions open it; nothing was changed",
			v, ErrVersion, doing, lo, hi), ErrVersion}
	}
	return v, nil
}

// CheckKept compares the storage version of the file at path, which
// DuckDB wrote, with want, the original's: an error wraps ErrVersion.
func CheckKept(path string, want Version) error {
	got, err := ReadVersion(path)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("%s has %s where the original has %s: %w", path, got, want, ErrVersion)
	}
	return nil
}
