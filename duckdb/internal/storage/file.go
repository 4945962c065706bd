package storage

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// DuckDB's main header: the first block of a database file starts with an
// 8-byte checksum, then the magic bytes "DUCK", then the storage version
// number. Read from the first 16 bytes of a file written by DuckDB 1.5.6
// and of testdata/duckdb-1.1.3.duckdb.gz, 2026-12-01
// (docs/measurements.md#rowalign-db-file-safety).
const (
	headerMagic       = "DUCK"
	headerMagicOffset = 8
)

// ErrNotDatabase reports a path that is not a DuckDB database file: a
// directory, an empty file, a CSV or Parquet file (which DuckDB 1.5.6
// attaches as views over that path), anything without DuckDB's header.
var ErrNotDatabase = errors.New("not a DuckDB database file")

// ErrHardLinked reports a file with more than one name, which Compact
// refuses: renaming the new file over one name would leave the other
// names on the old database.
var ErrHardLinked = errors.New("has other hard links")

// ErrReadOnly reports a file, or its directory, that nobody may write:
// repair and compact refuse to rewrite it (even a process that could,
// such as root).
var ErrReadOnly = errors.New("read-only")

// ErrBackup reports a backup name, or a temporary file name, compact
// cannot use.
var ErrBackup = errors.New("unusable backup")

// ErrInput is what every refusal of an input matches (errors.Is), besides
// its own kind: a path that is missing, not a DuckDB database file, hard
// linked, read-only, or a backup compact cannot make. The command was
// given something it cannot use, and changed nothing.
var ErrInput = errors.New("unusable input")

// inputError is a path no command can use; its kind is one of
// ErrNotDatabase, ErrHardLinked, ErrReadOnly, ErrBackup or
// fs.ErrNotExist.
type inputError struct {
	path, why string
	kind      error
}

func (e *inputError) Error() string        { return e.path + ": " + e.why }
func (e *inputError) Unwrap() error        { return e.kind }
func (e *inputError) Is(target error) bool { return target == ErrInput }

// DatabaseFile checks that path names a DuckDB database file (a regular
// file that starts with DuckDB's main header) before anything opens it,
// and returns the file it names: absolute, symbolic links resolved, so
// that a rewrite replaces the file and leaves the links to it links. It
// only reads the first bytes of the file.
func DatabaseFile(path string) (string, error) {
	resolved, err := filepath.EvalSymlinks(path)
	if errors.Is(err, fs.ErrNotExist) {
		why := "no such file"
		if _, lerr := os.Lstat(path); lerr == nil {
			why = "a symbolic link to a file that does not exist"
		}
		return "", &inputError{path, why + "; nothing was changed", fs.ErrNotExist}
	}
	if err != nil {
		// A loop of links, a directory we may not read: nothing opened.
		return "", &inputError{path, err.Error() + "; nothing was changed", err}
	}
	if resolved, err = filepath.Abs(resolved); err != nil {
		return "", err
	}
	st, err := os.Stat(resolved)
	if err != nil {
		return "", err
	}
	not := func(why string) error {
		return &inputError{path, fmt.Sprintf("%s, %s; nothing was changed", why, ErrNotDatabase), ErrNotDatabase}
	}
	switch {
	case st.IsDir():
		return "", not("a directory")
	case !st.Mode().IsRegular():
		return "", not("not a regular file")
	case st.Size() == 0:
		return "", not("an empty file")
	}
	f, err := os.Open(resolved)
	if err != nil {
		return "", err
	}
	defer f.Close()
	head := make([]byte, headerMagicOffset+len(headerMagic))
	if _, err := io.ReadFull(f, head); err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return "", err
	}
	if string(head[headerMagicOffset:]) != headerMagic {
		return "", not(fmt.Sprintf("no DuckDB header (the bytes %q at offset %d)", headerMagic, headerMagicOffset))
	}
	return resolved, nil
}

// CheckWritable refuses a file that nobody may write (no write bit in its
// mode), or one in a directory nobody may write (DuckDB writes the
// write-ahead log, and compact the new file, next to it): somebody made
// it read-only on purpose, and a process that can write anyway (root)
// must not.
func CheckWritable(path string) error {
	for _, p := range []string{path, filepath.Dir(path)} {
		st, err := os.Stat(p)
		if err != nil {
			return err
		}
		if st.Mode().Perm()&0o222 == 0 {
			what := "the file"
			if p != path {
				what = "its directory " + p
			}
			return &inputError{path, fmt.Sprintf("%s is %s (mode %#o): rowalign-db does not rewrite what nobody may write; make it writable first (chmod u+w); nothing was changed", what, ErrReadOnly, st.Mode().Perm()), ErrReadOnly}
		}
	}
	return nil
}

// checkReplace checks, before anything is written, that Compact can
// replace path (whose FileInfo is st) by renaming temp over it and keep
// the original as backup (a hard link; "" for none). stale is true when
// backup is already a second name of path itself: a compact killed
// between its backup link and its rename leaves that, and the backup
// then holds no copy of anything; Compact removes that name under its
// lock and links the backup anew.
func checkReplace(path string, st os.FileInfo, temp, backup string) (stale bool, err error) {
	if err := CheckWritable(path); err != nil {
		return false, err
	}
	// A leftover temporary file is removed before the copy: only one a
	// killed compact can have left (empty, or a DuckDB database).
	if t, err := os.Lstat(temp); err == nil {
		leftover := t.Mode().IsRegular() && t.Size() == 0
		if !leftover && t.Mode().IsRegular() {
			_, err := DatabaseFile(temp)
			leftover = err == nil
		}
		if !leftover {
			return false, &inputError{temp, "exists and is not a database a killed compact left: compact writes its new file under this name; move it away; nothing was changed", ErrBackup}
		}
	}
	names := links(st)
	refuse := func(why string) error { return &inputError{backup, why + "; nothing was changed", ErrBackup} }
	if backup != "" {
		// The backup's own name, in its directory with links resolved:
		// another spelling of path must be caught here.
		abs, err := filepath.Abs(backup)
		if err != nil {
			return false, err
		}
		dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
		if err != nil {
			return false, &inputError{backup, fmt.Sprintf("the backup's directory: %v; nothing was changed", err), fs.ErrNotExist}
		}
		abs = filepath.Join(dir, filepath.Base(abs))
		switch {
		case abs == path:
			return false, refuse("the backup would be the database itself: name another with -backup")
		case abs == temp:
			return false, refuse("the backup would be compact's own temporary file: name another with -backup")
		}
		if b, err := os.Lstat(abs); err == nil {
			same := false
			if bs, err := os.Stat(abs); err == nil {
				same = os.SameFile(bs, st)
			}
			switch {
			case same && b.Mode()&fs.ModeSymlink != 0:
				return false, refuse("a symbolic link to the database itself, not a backup: remove it, or name another with -backup")
			case same:
				stale, names = true, names-1
			default:
				return false, refuse("exists: move it away or name another with -backup")
			}
		}
		d, err := os.Stat(dir)
		if err != nil {
			return false, err
		}
		dd, ok1 := device(d)
		fd, ok2 := device(st)
		if ok1 && ok2 && dd != fd {
			return false, refuse(fmt.Sprintf("on another file system than %s: the backup is a hard link to the original, made just before the swap, and a hard link cannot cross file systems; name a backup in %s's file system (the default is %s.bak)", path, path, path))
		}
	}
	if names > 1 {
		hint := ""
		if b, err := os.Stat(path + ".bak"); err == nil && os.SameFile(b, st) {
			hint = fmt.Sprintf(" (%s.bak is one, as a compact killed between its backup link and its rename leaves it: run compact with the default backup to recover, or remove that name)", path)
		}
		return false, &inputError{path, fmt.Sprintf("%s: %d names (hard links) share this file%s; compact renames a new file over this one, which would leave the other names on the old database; remove the other names, or compact a copy; nothing was changed",
			ErrHardLinked, names, hint), ErrHardLinked}
	}
	return stale, nil
}

// keepOwner gives the new file at temp the original's permission bits and
// owner (st), so that the swap changes neither who may read or write the
// database nor who owns it: DuckDB creates the new file with the
// process's umask and user, and a compact run by root on a user's file
// must leave it the user's.
func keepOwner(temp string, st os.FileInfo) error {
	if err := os.Chmod(temp, st.Mode().Perm()); err != nil {
		return err
	}
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return os.Chown(temp, int(s.Uid), int(s.Gid))
	}
	return nil
}

// links is the number of names (hard links) the file has.
func links(st os.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Nlink)
	}
	return 1
}

// device is the file system a file is on.
func device(st os.FileInfo) (uint64, bool) {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Dev), true
	}
	return 0, false
}

// ErrWAL reports a database whose write-ahead log DuckDB cannot replay.
var ErrWAL = errors.New("has a write-ahead log DuckDB cannot replay")

// OpenError turns the error of opening (or attaching) the database file
// at path into one line that says what to do: for a file another process
// holds, for a write-ahead log DuckDB cannot replay; any other error
// keeps DuckDB's words whole, its hint included (a file from a newer
// DuckDB: "... The database file was created with a newer version of
// DuckDB. ... See the storage page ..."), on one line and without the
// stack trace DuckDB's internal errors carry. write says whether the
// command meant to rewrite the file.
func OpenError(path string, err error, write bool) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if m := lockHolder.FindStringSubmatch(msg); m != nil {
		if write {
			return fmt.Errorf("%s is %w (%s, PID %s): close it there first; rewriting a file that another process has open would lose its writes; nothing was changed", path, ErrHeld, m[1], m[2])
		}
		return fmt.Errorf("%s is %w (%s, PID %s): DuckDB opens a file that one process writes in no other process, not even read-only; close it there first, or audit it from that process; nothing was changed", path, ErrHeld, m[1], m[2])
	}
	words := DuckDBWords(msg)
	wal, werr := os.Stat(path + ".wal")
	if werr == nil && (strings.Contains(msg, "replaying WAL") || strings.Contains(msg, "INTERNAL")) {
		return fmt.Errorf("%s %w (%s.wal, %d bytes): the process that wrote it exited without closing the database; open the file once with that program (its DuckDB version), run CHECKPOINT and close it, then run rowalign-db again; nothing was changed (DuckDB: %s)",
			path, ErrWAL, filepath.Base(path), wal.Size(), words)
	}
	if words != msg {
		return &duckdbError{words, err}
	}
	return err
}

// DuckDBWords is a DuckDB error message whole, on one line: every word
// up to the stack trace DuckDB's internal errors end with ("Stack
// Trace:"), the hint lines included.
func DuckDBWords(msg string) string {
	msg, _, _ = strings.Cut(msg, "Stack Trace")
	return strings.Join(strings.Fields(msg), " ")
}

// duckdbError is a DuckDB error reworded by DuckDBWords.
type duckdbError struct {
	msg string
	err error
}

func (e *duckdbError) Error() string { return e.msg }
func (e *duckdbError) Unwrap() error { return e.err }
